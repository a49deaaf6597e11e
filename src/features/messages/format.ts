import dayjs from 'dayjs';

/** networking.md §9: dialog dates read DD.MM.YYYY HH:mm, in the device's own time. */
export function dialogDate(unixSeconds: number): string {
  return unixSeconds > 0 ? dayjs.unix(unixSeconds).format('DD.MM.YYYY HH:mm') : '';
}

/** The full name, or a stand-in naming the id when the device knows nothing about the person yet. */
export function personLabel(card: { first_name: string; last_name: string } | undefined, fallback: string): string {
  const name = card ? `${card.first_name} ${card.last_name}`.trim() : '';
  return name || fallback;
}
