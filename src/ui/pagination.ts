/** One slot of a numbered pagination: a page number or a gap shown as an ellipsis. */
export type PageSlot = number | 'gap';

/**
 * The pages to offer around the current one: the first and last page always, `margin` pages on
 * each side of the current one, and a gap where pages are left out. A gap that would hide a single
 * page shows that page instead, because an ellipsis standing for one number saves nothing.
 */
export function pageWindow(current: number, totalPages: number, margin: number): PageSlot[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), totalPages);
  const from = Math.max(1, page - margin);
  const to = Math.min(totalPages, page + margin);
  const slots: PageSlot[] = [];
  if (from > 1) {
    slots.push(1);
    if (from === 3) slots.push(2);
    else if (from > 3) slots.push('gap');
  }
  for (let p = from; p <= to; p++) slots.push(p);
  if (to < totalPages) {
    if (to === totalPages - 2) slots.push(totalPages - 1);
    else if (to < totalPages - 2) slots.push('gap');
    slots.push(totalPages);
  }
  return slots;
}

export function pageCount(total: number, pageSize: number): number {
  return total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}

/** Reads a 1-based page number from a query value, falling back to 1 for anything unusable. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
