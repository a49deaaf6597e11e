/** What the owner typed in the door-staff field: an address (has @) or a user id (digits). */
export function parseStaffTarget(text: string): { email: string } | { user_id: number } | null {
  const value = text.trim();
  if (value.includes('@')) return value.length >= 3 && value.length <= 254 ? { email: value } : null;
  if (/^\d{1,10}$/.test(value)) {
    const id = Number(value);
    return id >= 1 && id <= 2147483647 ? { user_id: id } : null;
  }
  return null;
}
