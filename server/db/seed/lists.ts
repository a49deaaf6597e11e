/**
 * The generator indexes lists it built itself: plan.users by a user's number, plan.events and the
 * ids written for them by position, a template's days and menu. A miss is a bug in the generator,
 * so it stops there and says what it looked for, instead of seeding a row with `undefined`.
 */
export function nth<T>(items: readonly T[], index: number, what: string): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`seed: no ${what} at ${index} of ${items.length}`);
  return item;
}
