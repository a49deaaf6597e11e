/** How a contact's name and work read in one line, on every contacts screen. */
export function fullName(c: { first_name: string; last_name: string }): string {
  return [c.first_name, c.last_name].filter(Boolean).join(' ');
}

export function cardLine(c: { position: string; company: string }): string {
  return [c.position, c.company].filter(Boolean).join(' · ');
}
