/**
 * The chat's comment filter (events.md §2: "a comment filter defaulting to all"): all comments,
 * the reader's own, or those with a picture. Applied to what the device holds, so it works offline.
 */
export const CHAT_FILTERS = ['all', 'mine', 'images'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export function filterComments<T extends { user_id: number; image: string }>(items: T[], filter: ChatFilter, meId: number): T[] {
  if (filter === 'mine') return items.filter((i) => i.user_id === meId);
  if (filter === 'images') return items.filter((i) => i.image !== '');
  return items;
}
