import { clockTime, deviceClock, dottedDay } from '../../../contract/time.ts';

/** networking.md §9: dialog dates read DD.MM.YYYY HH:mm, in the device's own time. */
export function dialogDate(unixSeconds: number): string {
  if (unixSeconds <= 0) return '';
  const at = deviceClock(unixSeconds * 1000);
  return `${dottedDay(at)} ${clockTime(at)}`;
}

/** The full name, or a stand-in naming the id when the device knows nothing about the person yet. */
export function personLabel(card: { first_name: string; last_name: string } | undefined, fallback: string): string {
  const name = card ? `${card.first_name} ${card.last_name}`.trim() : '';
  return name || fallback;
}

export interface MessageablePerson {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  /** Position and company, as one line. */
  about: string;
}

/**
 * Whom a new dialog can go to (networking.md §4: messaging needs an approved meeting): each person
 * of the user's agreed meetings once, by name.
 */
export function messageablePeople(
  items: readonly {
    other_user_id: number;
    state: string;
    user_info: { first_name: string; last_name: string; avatar: string; position?: string; company?: string };
  }[],
  viewerId: number,
): MessageablePerson[] {
  const out = new Map<number, MessageablePerson>();
  for (const a of items) {
    if (a.state !== 'accepted' || a.other_user_id === viewerId || out.has(a.other_user_id)) continue;
    const u = a.user_info;
    out.set(a.other_user_id, {
      user_id: a.other_user_id,
      first_name: u.first_name,
      last_name: u.last_name,
      avatar: u.avatar,
      about: [u.position, u.company].filter(Boolean).join(', '),
    });
  }
  const name = (p: MessageablePerson) => `${p.first_name} ${p.last_name}`.trim().toLocaleLowerCase();
  return [...out.values()].sort((a, b) => name(a).localeCompare(name(b)) || a.user_id - b.user_id);
}
