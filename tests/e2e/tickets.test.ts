import { describe, expect, it } from 'vitest';
import { EXPENSIVE_CALL_LIMITS } from '../../contract/constants.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiLogin } from './fixtures/api.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { createEvent } from './fixtures/organiser.ts';

/**
 * My tickets' server actions in the browser: the PDF downloads as a file, and once the user's
 * budget of PDFs or emails is spent (issue 11: expensive calls are throttled per user) the page
 * says so in the user's language, with when to try again, instead of saving the server's JSON
 * answer as a PDF or showing a generic error.
 */

const suite = e2eSuite({ browsers: { anna: 'en-GB', bohdan: 'en-GB' } });
const TIMEOUT_MS = 20_000;

describe('my tickets', () => {
  it('downloads the PDF, and says "too many requests" with the wait once the PDF and email budgets are spent', async () => {
    const { page } = suite.browser('anna');
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/profile/mytickets');
    const card = page.locator('main article').first();
    await card.waitFor({ timeout: TIMEOUT_MS });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT_MS }), card.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // The rest of the budgets, spent with the page's own session, as a second tab would.
    const links = await page.evaluate(async () => {
      const body = (await (await fetch('/api/tickets?is_my=1', { credentials: 'same-origin' })).json()) as {
        data: { tickets: { download_link: string; sendTicketToEmail: string }[] };
      };
      return body.data.tickets[0]!;
    });
    await page.evaluate(
      async ({ pdf, email, pdfs, emails }) => {
        for (let i = 0; i < pdfs; i++) await fetch(pdf, { credentials: 'same-origin' });
        for (let i = 0; i < emails; i++)
          await fetch(email, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' });
      },
      {
        pdf: links.download_link,
        email: links.sendTicketToEmail,
        pdfs: EXPENSIVE_CALL_LIMITS.ticket_pdf.maxCalls - 1,
        emails: EXPENSIVE_CALL_LIMITS.ticket_email.maxCalls,
      },
    );

    await card.getByRole('button', { name: 'Download PDF' }).click();
    await page
      .getByText(/^Too many requests in a short time\. Try again in \d+ seconds\.$/)
      .first()
      .waitFor({ timeout: TIMEOUT_MS });

    await card.getByRole('button', { name: 'Send to email' }).click();
    await page
      .getByText(/^Too many requests in a short time\. Try again in \d+ minutes\.$/)
      .first()
      .waitFor({ timeout: TIMEOUT_MS });
    expect(suite.context()).not.toMatch(/Unexpected token|is not valid JSON/);
  });

  it('registering for a free event puts its ticket, QR code showing, in My tickets', async () => {
    // A free event of the organiser's, published a week ahead.
    const token = await apiLogin(suite.server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
    const name = `Open Doors ${Date.now()}`;
    const place = { category_id: 1, place_name: 'Hall', address: 'Khreshchatyk 1', city: 'Kyiv', is_free: true };
    const eventId = await createEvent(suite.server.url, token, { name, ...place }, { daysAhead: 7 });

    const { page } = suite.browser('bohdan');
    await suite.signIn(page, DEMO_ACCOUNTS.bohdan, `/en/events/${eventId}`);
    await page.locator('main').getByRole('button', { name: 'Register', exact: true }).click();
    await page.locator('main').getByText('You are registered').waitFor({ timeout: TIMEOUT_MS });

    await page.goto(`${suite.server.url}/en/profile/mytickets`);
    const card = page.locator('main article', { hasText: name });
    const qr = card.getByRole('img', { name: /^QR code of ticket FY-/ });
    await qr.waitFor({ timeout: TIMEOUT_MS });
    await card.getByText('Registration', { exact: true }).waitFor({ timeout: TIMEOUT_MS });
    expect(await card.getByRole('button', { name: 'Show QR code' }).count()).toBe(0);
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  });
});
