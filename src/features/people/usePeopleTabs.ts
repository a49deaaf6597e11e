import { PEOPLE_TABS, type PeopleTab } from '../../../contract/index.ts';

/** The people card's five tabs in the spec's order. */
export const PEOPLE_TAB_IDS = Object.keys(PEOPLE_TABS) as PeopleTab[];

export function isPeopleTab(value: string | null): value is PeopleTab {
  return value !== null && Object.hasOwn(PEOPLE_TABS, value);
}
