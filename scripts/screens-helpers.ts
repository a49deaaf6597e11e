import type { Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { apiLogin } from '../tests/e2e/fixtures/api.ts';

/** What the screens' list (screens-list.ts) does before a shot: find out, wait, open. */

/** Somebody's own contact code, as GET /api/contacts/code gives it to their phone. */
export async function contactCodeOf(baseUrl: string, who: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const token = await apiLogin(baseUrl, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
  const res = await fetch(`${baseUrl}/api/contacts/code`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { code: string } }).data.code;
}

/** Whether the element shows within `ms`: a build from before a feature simply does not have it. */
export function appears(locator: Locator, ms: number): Promise<boolean> {
  return locator.waitFor({ timeout: ms }).then(
    () => true,
    () => false,
  );
}

/** Opens a ticket card's dialog by its button's name; a build without the button shows the list as it is. */
export function ticketDialog(name: RegExp): (page: Page) => Promise<void> {
  return async (page) => {
    const button = page.locator('main article').getByRole('button', { name }).first();
    if (!(await appears(button, 15_000))) return;
    await button.click();
    await page.waitForTimeout(400);
  };
}
