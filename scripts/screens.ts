/**
 * Phone screenshots of Foyer's screens, for reviewers to look at instead of read (docs/screens/).
 *
 *   node --import tsx scripts/screens.ts --tag before [--locales uk,en] [--only home,event] [--dist ./dist] [--out docs/screens]
 *
 * Starts the built app on a fresh demo database (tests/e2e/fixtures/server.ts), opens each screen in
 * Debian's Chromium at 360×640 as the person the screen is for, waits for it to settle and saves
 * `<out>/<screen>-<locale>-<tag>.png`. It prints, per shot, whether anything is wider than the screen
 * and which controls lie under the tab bar, the two things a phone layout most often gets wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName } from '../tests/e2e/fixtures/api.ts';
import { userIdOf } from '../tests/e2e/fixtures/meetings.ts';
import { launchBrowser, type TestBrowser } from '../tests/e2e/fixtures/browser.ts';
import { sellTickets, TICKET_TYPE_FIELDS } from '../tests/e2e/fixtures/sales.ts';
import { organiserCommand, SPEAKER_PASS } from '../tests/e2e/fixtures/organiser.ts';
import { startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import { LoginPage } from '../tests/e2e/pages/LoginPage.ts';
import { contactCodeOf } from './screens-helpers.ts';
import { digestOnDemo } from './screens-digest.ts';
import type { Who } from './screen.ts';
import { SCREENS } from './screens-list.ts';
import { parseContactCode } from '../contract/contacts.ts';

const { values } = parseArgs({
  options: {
    tag: { type: 'string', default: 'now' },
    locales: { type: 'string', default: 'uk,en' },
    only: { type: 'string' },
    dist: { type: 'string' },
    out: { type: 'string', default: 'docs/screens' },
  },
});

export const PHONE = { width: 360, height: 640 };
async function signIn(browser: TestBrowser, baseUrl: string, locale: string, who: Who): Promise<void> {
  if (who === 'guest') return;
  await new LoginPage(browser.page, baseUrl, locale).signInTo(`/${locale}`, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
}

/** What a phone user would trip over: the page wider than the screen, controls under the tab bar. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`page ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    const bar = document.querySelector('nav.tabbar');
    const top = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    for (const el of document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, .menu__panel a, .menu__panel button')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // A control in a row that scrolls sideways (the visitors' tabs on a phone) is reached by that
      // scroll; only the row itself must fit.
      let row: HTMLElement | null = el.parentElement;
      while (row && !['auto', 'scroll'].includes(getComputedStyle(row).overflowX)) row = row.parentElement;
      const right = row ? Math.min(r.right, row.getBoundingClientRect().right) : r.right;
      if (right > width + 1) problems.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(right)}px`);
      // Controls scrolled into the tab bar's strip on the first screen, which nobody can reach without scrolling past it.
      // A menu's own scrolling panel clips its items: only the part left showing can be under the bar.
      const panel = el.closest('.menu__panel')?.getBoundingClientRect();
      if (bar && panel && Math.min(r.bottom, panel.bottom) > top) problems.push(`menu item "${(el.textContent ?? '').trim().slice(0, 30)}" under the tab bar`);
    }
    return problems.slice(0, 12);
  });
}

/**
 * Ticket sales on the demo event, through the same calls an organiser's and a buyer's devices make:
 * the e2e files' types (tests/e2e/fixtures/sales.ts), then a paid order, a free one and one waiting
 * for a bank transfer. The demo seed sells nothing, so without this the sales screens would be empty.
 */
async function salesOnDemo(baseUrl: string, eventId: number): Promise<void> {
  const owner = await apiLogin(baseUrl, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  await sellTickets(baseUrl, owner, eventId);
  const types = await offeredTypes(baseUrl, eventId);
  const business = types.find((t) => t.name === 'Business');
  // A code for the business tickets (issue 30), which the orders below do not use: its list shows "used 0";
  // a hidden speakers' type with its private link, and one hall shared by the two public types.
  const community = types.find((t) => t.name === 'Community');
  const commands: { kind: string; payload: unknown }[] = [];
  if (business) {
    const fields = { code: 'EARLY20', kind: 'percent', value: 20, type_ids: [business.id], max_uses: 50, valid_from: null, valid_until: null, active: true };
    commands.push({ kind: 'promo_code.save', payload: { event_id: eventId, fields } });
  }
  commands.push({ kind: 'ticket_type.save', payload: { event_id: eventId, fields: SPEAKER_PASS } });
  if (business && community) {
    commands.push({
      kind: 'ticket_quota.save',
      payload: { event_id: eventId, fields: { name: 'Main hall', size: 300, type_ids: [community.id, business.id] } },
    });
  }
  // Check-in lists (issue 30): a hall with exit and re-entry for everybody, a lounge for Business.
  commands.push({ kind: 'checkin_list.save', payload: { event_id: eventId, fields: { name: 'Main hall', type_ids: [], day: '', reentry: true } } });
  if (business) {
    const fields = { name: 'Business lounge', type_ids: [business.id], day: '', reentry: false };
    commands.push({ kind: 'checkin_list.save', payload: { event_id: eventId, fields } });
  }
  // A build from before a command refuses it; its screens simply show none.
  for (const { kind, payload } of commands) await organiserCommand(baseUrl, owner, kind, payload).catch(() => undefined);
  const orders: [keyof typeof DEMO_ACCOUNTS, string, number, 'transfer' | 'free', boolean][] = [
    ['anna', 'Business', 2, 'transfer', true],
    ['bohdan', 'Community', 1, 'free', false],
    ['olena', 'Business', 1, 'transfer', false],
  ];
  for (const [who, typeName, count, method, markPaid] of orders) {
    const type = types.find((t) => t.name === typeName);
    if (!type) throw new Error(`no ${typeName} type on sale`);
    const token = await apiLogin(baseUrl, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
    const lines = Array.from({ length: count }, (_, i) => ({ type_id: type.id, name: `${who} ${i + 1}`, company: '', position: '' }));
    const placed = await postJson(baseUrl, token, '/api/checkout/orders', {
      event_id: eventId,
      method,
      client_key: `screens-${randomUUID()}`,
      expected_total: type.price * count,
      lines,
    });
    const code = (placed.data as { order?: { code?: string } } | undefined)?.order?.code;
    if (!code) throw new Error(`the ${who} order was not placed: ${JSON.stringify(placed)}`);
    if (markPaid) await postJson(baseUrl, owner, `/api/events/${eventId}/orders/${code}/mark-paid`, {});
  }
  await cancelRequestOnDemo(baseUrl, eventId, owner);
  await waitlistOnDemo(baseUrl, eventId, owner);
}

/**
 * The organiser takes requests to cancel paid tickets (issue 30), so the payment settings show the
 * rule switched on. (The demo event starts today, so its tickets are past self-service and no
 * request can be shown on it.) A build from before refuses the command.
 */
async function cancelRequestOnDemo(baseUrl: string, eventId: number, owner: string): Promise<void> {
  const fields = {
    currency: 'UAH',
    transfer_enabled: true,
    transfer_instructions: 'IBAN UA21 3052 9900 0002 6007 0000 0000 1',
    transfer_hours: 48,
    card_enabled: false,
    paid_cancel: 'request',
  };
  await organiserCommand(baseUrl, owner, 'ticket_sales.settings', { event_id: eventId, fields }).catch(() => undefined);
}

/**
 * A sold-out workshop with a waitlist (issue 30): Bohdan holds its one seat, Anna and Olena join the
 * line, and a second seat the organiser adds is offered to Anna, so Olena waits first in line. A
 * build from before the waitlist refuses the commands and shows the type sold out.
 */
async function waitlistOnDemo(baseUrl: string, eventId: number, owner: string): Promise<void> {
  const seat = (quota: number, typeId?: number) => ({
    event_id: eventId,
    ...(typeId ? { type_id: typeId } : {}),
    fields: {
      ...TICKET_TYPE_FIELDS,
      name: 'Workshop seat',
      description: 'Hands-on session, one table.',
      price: 0,
      quota,
      max_per_order: 1,
      max_per_person: 1,
      sort: 3,
    },
  });
  await command(baseUrl, owner, 'ticket_type.save', seat(1));
  const type = (await offeredTypes(baseUrl, eventId)).find((t) => t.name === 'Workshop seat');
  if (!type) return;
  const bohdan = await apiLogin(baseUrl, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
  const line = [{ type_id: type.id, name: '', company: '', position: '' }];
  await postJson(baseUrl, bohdan, '/api/checkout/orders', {
    event_id: eventId,
    method: 'free',
    client_key: `screens-${randomUUID()}`,
    expected_total: 0,
    lines: line,
  });
  for (const who of ['anna', 'olena'] as const) {
    await command(baseUrl, await apiLogin(baseUrl, DEMO_ACCOUNTS[who], DEMO_PASSWORD), 'waitlist.join', { event_id: eventId, type_id: type.id });
  }
  await command(baseUrl, owner, 'ticket_type.save', seat(2, type.id));
}

async function command(baseUrl: string, token: string, kind: string, payload: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}/sync/v1/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ commands: [{ id: `screens-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] }),
  });
  await res.body?.cancel();
}

/**
 * Contacts met by QR (issue 31), through the commands the phones send: Anna scans Bohdan's code
 * and the stand manager's at the demo event and notes one of them. A build from before refuses the
 * commands, and its screens show no contacts.
 */
async function contactsOnDemo(baseUrl: string, eventId: number): Promise<void> {
  const anna = await apiLogin(baseUrl, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  const codes = [await contactCodeOf(baseUrl, 'manager'), await contactCodeOf(baseUrl, 'bohdan')];
  const commands: { kind: string; payload: unknown }[] = codes.map((code) => ({ kind: 'contact.scan', payload: { code, event_id: eventId, context: 'meet' } }));
  const bohdan = parseContactCode(codes[1] ?? '');
  if (bohdan) commands.push({ kind: 'contact.note', payload: { user_id: bohdan.card.user_id, note: 'Wants a demo for the Lviv office, call after 14:00' } });
  for (const { kind, payload } of commands) {
    const res = await fetch(`${baseUrl}/sync/v1/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${anna}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commands: [{ id: `screens-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] }),
    });
    await res.body?.cancel();
  }
}

/**
 * A stand's leads (issue 31), through the commands its member's phone sends: the demo's stand
 * manager scans Bohdan and Anna at Vistula Data, rates one and notes the other.
 */
async function leadsOnDemo(baseUrl: string, standId: number): Promise<void> {
  const manager = await apiLogin(baseUrl, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
  for (const who of ['bohdan', 'anna'] as const) await command(baseUrl, manager, 'lead.scan', { code: await contactCodeOf(baseUrl, who), company_id: standId });
  const [bohdan, anna] = [parseContactCode(await contactCodeOf(baseUrl, 'bohdan')), parseContactCode(await contactCodeOf(baseUrl, 'anna'))];
  if (bohdan) await command(baseUrl, manager, 'lead.update', { company_id: standId, user_id: bohdan.card.user_id, rating: 4 });
  if (anna)
    await command(baseUrl, manager, 'lead.update', { company_id: standId, user_id: anna.card.user_id, note: 'Asked for the API pricing; send the deck' });
}

/** The demo stand the manager runs, Vistula Data; 0 when the build has no such stand. */
async function demoStandId(baseUrl: string, eventId: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/events/get-stands?event_id=${eventId}&limit=100`);
  const body = (await res.json()) as { data?: { results?: { stand_id: number; name: string }[] } };
  return body.data?.results?.find((s) => s.name === 'Vistula Data')?.stand_id ?? 0;
}

async function offeredTypes(baseUrl: string, eventId: number): Promise<{ id: number; name: string; price: number }[]> {
  const res = await fetch(`${baseUrl}/api/events/${eventId}/ticket-types`);
  return ((await res.json()) as { data: { types: { id: number; name: string; price: number }[] } }).data.types;
}

async function postJson(baseUrl: string, token: string, path: string, body: unknown): Promise<{ data?: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { data?: unknown };
}

async function main() {
  const out = path.resolve(values.out ?? 'docs/screens');
  fs.mkdirSync(out, { recursive: true });
  const only = values.only?.split(',');
  const screens = SCREENS.filter((s) => !only || only.includes(s.name));
  const server = await startFoyerServer(values.dist ? { distDir: path.resolve(values.dist) } : {});
  try {
    const eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
    const ownerId = await userIdOf(server.url, await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD));
    if (screens.some((s) => s.sales)) await salesOnDemo(server.url, eventId);
    if (screens.some((s) => s.contacts)) await contactsOnDemo(server.url, eventId);
    const standId = await demoStandId(server.url, eventId);
    if (screens.some((s) => s.leads)) await leadsOnDemo(server.url, standId);
    for (const locale of (values.locales ?? 'uk,en').split(',')) {
      for (const who of [...new Set(screens.map((s) => s.who))]) {
        const browser = await launchBrowser({ locale: locale === 'uk' ? 'uk-UA' : `${locale}-GB`, viewport: PHONE, timezoneId: 'Europe/Kyiv' });
        try {
          await signIn(browser, server.url, locale, who);
          for (const screen of screens.filter((s) => s.who === who)) {
            const { page } = browser;
            if (screen.digest) await digestOnDemo(page, server, locale, eventId);
            await page.goto(`${server.url}/${locale}${screen.path({ eventId, ownerId, standId }).replace(/^\/$/, '')}`);
            await page.waitForLoadState('networkidle').catch(() => undefined);
            await page.waitForTimeout(1500);
            if (screen.prepare) await screen.prepare(page);
            const file = path.join(out, `${screen.name}-${locale}-${values.tag}.png`);
            await page.screenshot({ path: file });
            const problems = await layoutProblems(page);
            console.log(`${path.relative(process.cwd(), file)}: ${problems.length ? problems.join('; ') : 'fits'}`);
          }
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.dispose();
  }
}

await main();
