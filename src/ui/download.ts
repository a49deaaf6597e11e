/**
 * Saves a text the page made (a CSV export) as a file, through a link to a Blob: no server round
 * trip, and it works offline for what the device holds.
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // The click starts the download; the address is freed once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from an event's name: eventFileName('Kyiv Tech Summit', 'orders', 'csv') is "Kyiv-Tech-Summit-orders.csv". */
export function eventFileName(eventName: string, what: string, extension: string): string {
  return `${eventName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'event'}-${what}.${extension}`;
}
