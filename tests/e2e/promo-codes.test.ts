import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-data.ts';
import { saleOnPhones } from './fixtures/sales.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { Checkout } from './pages/Checkout.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { fitsPhone } from './fixtures/phone.ts';

/**
 * Promo codes (issue 30) on a 360 × 640 phone, in Chromium against the built app: the organiser adds
 * a code for one ticket type with a use limit in the admin area; a buyer types a wrong code and is
 * told so under the field, applies the right one in small letters, sees the discounted price before
 * paying and places a bank-transfer order that names the code; the organiser sees the code on the
 * order and its use counted. Neither screen scrolls sideways.
 */

const suite = e2eSuite();
const { poll } = suite;
// A free "Community" type and a "Business" one at 4 500 UAH, paid by bank transfer.
const at = saleOnPhones(suite, { name: 'Harbour Talks', description: 'An evening of talks by the sea.' });

/** Reads what `locator` shows with its spaces folded, empty while it is not there: for polls on a row's text. */
const textOf = (locator: Locator) => async () => ((await locator.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' ');

describe('promo codes on a phone', () => {
  it('the organiser adds a code for one ticket type with a use limit', async () => {
    const { page } = at.owner;
    await suite.signIn(page, DEMO_ACCOUNTS.owner, `/en/admin/events/${at.eventId}/tickets`);
    await page.getByRole('heading', { name: 'Promo codes', exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add a promo code' }).click();
    const form = page.locator('form.admin-form').filter({ has: page.getByLabel('Code', { exact: true }) });
    await form.getByLabel('Code', { exact: true }).fill('h');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    // The same rules as the server's, named at the field.
    await form.getByText('3 to 32 letters, digits, dashes or underscores.').waitFor();
    await form.getByLabel('Code', { exact: true }).fill('harbour20');
    await form.getByLabel('Percentage off, %').fill('20');
    await form.getByLabel('Business').check();
    await form.getByLabel('Limit the number of uses').check();
    await form.getByLabel('Uses in all').fill('5');
    await fitsPhone(page, 'the promo code form');
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the code to reach the server');
    const row = page.locator('[data-promo="HARBOUR20"]');
    await poll(
      async () => ((await row.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' '),
      (text) => /20 % off/.test(text) && /for: Business/.test(text) && /used 0 of 5/.test(text),
      60_000,
      'the code with its terms and uses in the organiser’s list',
    );
    await fitsPhone(page, 'the ticket types and promo codes');

    // The same code again, in other letters, is refused at its field before anything is sent.
    await page.getByRole('button', { name: 'Add a promo code' }).click();
    await form.getByLabel('Code', { exact: true }).fill('Harbour20');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByText('Another code of this event reads the same.').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('[data-promo]').count()).toBe(1);
  });

  it('a buyer is told a wrong code is unknown, applies the right one and pays the discounted price', async () => {
    const { page } = at.buyer;
    const checkout = new Checkout(page);
    await suite.signIn(page, DEMO_ACCOUNTS.olena, `/en/events/${at.eventId}/checkout`);
    await checkout.choose('Business', 1);
    await checkout.next();
    await checkout.next();
    await checkout.method('Bank transfer or at the venue');

    const field = checkout.root.getByLabel('Promo code');
    await field.fill('NOPE2026');
    await checkout.button('Apply').click();
    await checkout.root.getByRole('alert').getByText('There is no such promo code for this event.').waitFor({ timeout: 30_000 });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await checkout.text()).toMatch(/Total\s?UAH\s?4,500/);

    await field.fill('harbour20');
    await checkout.button('Apply').click();
    await checkout.root.getByText('Code HARBOUR20 applied').waitFor({ timeout: 30_000 });
    // 20 % off 4 500: the discount and the new total, before paying.
    expect(await checkout.text()).toMatch(/Discount\s?−UAH\s?900/);
    expect(await checkout.text()).toMatch(/Total\s?UAH\s?3,600/);
    await fitsPhone(page, 'the checkout with a code applied');

    await checkout.button('Place order').click();
    await checkout.root.getByText(/Order FY[A-Z2-9]{6} is placed\./).waitFor({ timeout: 30_000 });
    expect(await checkout.text()).toMatch(/Pay UAH\s?3,600 by/);
    expect(await checkout.text()).toMatch(/Promo code HARBOUR20: −UAH\s?900/);
    await fitsPhone(page, 'the placed order');
  });

  it('in Ukrainian, the default language, the code field and the discounted total fit the phone too', async () => {
    const { page } = at.buyer;
    await page.goto(`${at.server.url}/uk/events/${at.eventId}/checkout`);
    const root = page.locator('main .checkout-page');
    await root.getByLabel('Скільки: Business').selectOption('1');
    await root.getByRole('button', { name: 'Далі' }).click();
    await root.getByRole('button', { name: 'Далі' }).click();
    await root.getByLabel('Промокод').fill('Harbour20');
    await root.getByRole('button', { name: 'Застосувати' }).click();
    await root.getByText('Застосовано код HARBOUR20').waitFor({ timeout: 30_000 });
    // 20 % off 4 500.
    expect(((await root.textContent()) ?? '').replace(/\s+/g, ' ')).toMatch(/Знижка\s?−900\s?(₴|грн)/);
    await fitsPhone(page, 'the Ukrainian checkout with a code applied');
    // Taken off again, the full price is back and nothing was ordered.
    await root.getByRole('button', { name: 'Прибрати' }).click();
    await root.getByLabel('Промокод').waitFor();
    expect(((await root.textContent()) ?? '').replace(/\s+/g, ' ')).not.toContain('Знижка');
  });

  it('the organiser sees the code on the order and its use counted', async () => {
    const { page } = at.owner;
    await page.goto(`${at.server.url}/en/admin/events/${at.eventId}/orders`);
    const order = page.locator('[data-order]').filter({ hasText: 'promo code HARBOUR20' });
    await poll(textOf(order.first()), (text) => /UAH\s?3,600/.test(text) && /−UAH\s?900/.test(text), 60_000, 'the order with its promo code');
    await fitsPhone(page, 'the orders with a promo code');
    await page.goto(`${at.server.url}/en/admin/events/${at.eventId}/tickets`);
    await poll(textOf(page.locator('[data-promo="HARBOUR20"]')), (text) => /used 1 of 5/.test(text), 60_000, 'the code’s use counted');

    // The same list and the form in Ukrainian, whose words run longer, on the same phone.
    await page.goto(`${at.server.url}/uk/admin/events/${at.eventId}/tickets`);
    await poll(textOf(page.locator('[data-promo="HARBOUR20"]')), (text) => /використано 1 з 5/.test(text), 60_000, 'the Ukrainian list with the code’s uses');
    await fitsPhone(page, 'the Ukrainian promo codes');
    await page.getByRole('button', { name: 'Додати промокод' }).click();
    await page.getByLabel('Код', { exact: true }).waitFor();
    await fitsPhone(page, 'the Ukrainian promo code form');
  });
});
