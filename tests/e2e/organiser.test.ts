import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_IMAGE_URL_PREFIX, type TicketDesignSettings } from '../../contract/tickets.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName, mailedInvitationToken } from './fixtures/api.ts';
import { DoorPage } from './pages/DoorPage.ts';
import { OrganiserPage } from './pages/OrganiserPage.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * The organiser's screens end to end: the owner reaches the ticket design and the door from the
 * event page, saves a design under the role rules (the default role disabled, never removed; a
 * blocked role offers no Remove and the server refuses its removal) with an uploaded badge
 * picture, and names a door staff member, who can then open the door. Somebody who is not an
 * owner gets neither screen and no links.
 */

const TIMEOUT_MS = 60_000;

const suite = e2eSuite({ browsers: { owner: 'en-GB', other: 'en-GB' } });
const { poll, until } = suite;
let server: FoyerServer;
let owner: TestBrowser;
let other: TestBrowser;
let eventId: number;

beforeAll(async () => {
  ({ server } = suite);
  owner = suite.browser('owner');
  other = suite.browser('other');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

/** A legacy call; `T` names the fields of its data the test reads. */
async function legacy<T = unknown>(path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

describe('organiser screens', () => {
  it('are refused to somebody who is not an owner, with no links to them', async () => {
    const o = new OrganiserPage(other.page, server.url);
    await suite.signIn(other.page, DEMO_ACCOUNTS.olena, `/en/events/${eventId}`);
    await o.eventTitle.waitFor({ timeout: TIMEOUT_MS });
    expect(await o.ownerLinks.count()).toBe(0);
    await o.gotoDesign(eventId);
    await o.ownersOnly.waitFor({ timeout: TIMEOUT_MS });
    await new DoorPage(other.page, server.url).goto(eventId);
    await o.doorForbidden.waitFor({ timeout: TIMEOUT_MS });
    expect(await other.page.getByLabel('Ticket code').count()).toBe(0);
  });

  it('let the owner save a ticket design under the role rules with a picture, and name door staff who can then open the door', async () => {
    const o = new OrganiserPage(owner.page, server.url);
    await suite.signIn(owner.page, DEMO_ACCOUNTS.owner, `/en/events/${eventId}`);
    await o.ownerLinks.waitFor({ timeout: TIMEOUT_MS });
    await o.ownerLinks.getByRole('link', { name: 'Ticket design' }).click();
    await owner.page.waitForURL(`**/en/events/${eventId}/ticket-design`);
    await poll(
      () => o.roleNames(),
      (names) => names.includes('Visitor'),
      TIMEOUT_MS,
      'the saved design loaded',
    );

    // Built-in roles read in the page's language (stored as 'visitor' and so on, checked below).
    // The default role can only be disabled; blocked roles offer no Remove; a deletable one does.
    const visitor = await o.role('Visitor');
    expect(await o.removeButton(visitor).count()).toBe(0);
    await o.enabledBox(visitor).uncheck();
    expect(await o.removeButton(await o.role('Organiser')).count()).toBe(0);
    expect(await o.removeButton(await o.role('Speaker')).count()).toBe(0);
    await o.removeButton(await o.role('Volunteer')).click();
    expect(await o.roleNames()).not.toContain('Volunteer');

    // What the badge prints: the position off. The type reads as a word, and the preview follows the form.
    expect(await owner.page.getByLabel('Badge type').locator('option:checked').textContent()).toBe('Standard');
    const preview = owner.page.getByRole('figure', { name: 'Badge preview' });
    await preview.getByText('Olha Kravets').waitFor({ timeout: TIMEOUT_MS });
    await preview.getByText('Product manager').waitFor({ timeout: TIMEOUT_MS });
    await owner.page.getByRole('group', { name: 'Printed on the badge' }).getByRole('checkbox', { name: 'Position' }).uncheck();
    expect(await preview.getByText('Product manager').count()).toBe(0);

    const picture = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0f4c81' } })
      .png()
      .toBuffer();
    await o.badgePicture.setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: picture });
    await o.badgePreview.waitFor({ timeout: TIMEOUT_MS });
    // The preview is the server's re-encoded picture, loaded back from it.
    await until(
      () => o.badgePreview.evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0)),
      120,
      TIMEOUT_MS,
      'the badge preview loaded at 120 px',
    );
    await o.save();
    await o.saved.waitFor({ timeout: TIMEOUT_MS });

    const ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
    const settings = (await legacy<{ settings: TicketDesignSettings }>(`/api/events/ticket-design?event_id=${eventId}`, ownerToken)).data.settings;
    const roles = new Map(settings.roles.map((r) => [r.name, r]));
    expect(roles.get('visitor')).toMatchObject({ is_default: true, enabled: false });
    expect(roles.has('volunteer')).toBe(false);
    expect(roles.get('organizer')).toMatchObject({ canDelete: false });
    expect(settings.badge.image.startsWith(DESIGN_IMAGE_URL_PREFIX)).toBe(true);
    expect(settings.badge.checked).toEqual(['first_name', 'last_name', 'company', 'qr']);
    // What the screen does not offer, the server refuses too, and nothing changes.
    const refused = await legacy('/api/events/ticket-design', ownerToken, {
      event_id: eventId,
      settings: { ...settings, roles: settings.roles.filter((r) => r.name !== 'organizer') },
    });
    expect(refused).toMatchObject({ status_code: 400, error: 'design_role_blocked' });
    expect((await legacy<{ settings: TicketDesignSettings }>(`/api/events/ticket-design?event_id=${eventId}`, ownerToken)).data.settings).toEqual(settings);

    // The door, from the event page, where the owner names the staff member.
    await o.gotoEvent(eventId);
    await o.ownerLinks.getByRole('link', { name: 'Door check-in' }).click();
    await owner.page.waitForURL(`**/en/events/${eventId}/checkin`);
    await o.staffCard.waitFor({ timeout: TIMEOUT_MS });
    await o.addStaff(DEMO_ACCOUNTS.olena);
    await o.staffCard.getByText(DEMO_ACCOUNTS.olena).waitFor({ timeout: TIMEOUT_MS });
    // Named by email, she is invited: she opens the mailed link on her phone and accepts it there.
    const invitation = await mailedInvitationToken(server.dataDir, DEMO_ACCOUNTS.olena);
    await other.page.goto(`${server.url}/en/invitation#invite=${invitation}`);
    await other.page.getByRole('main').getByText('as door staff').waitFor({ timeout: TIMEOUT_MS });
    await other.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await other.page.waitForURL(`**/en/events/${eventId}/checkin`, { timeout: TIMEOUT_MS });

    // The staff member's door, refused before, asks the server again when opened, and opens.
    const staffDoor = new DoorPage(other.page, server.url);
    await staffDoor.goto(eventId);
    const staff = new OrganiserPage(other.page, server.url);
    await staffDoor.codeField.waitFor({ timeout: TIMEOUT_MS });
    expect(await staff.doorForbidden.count()).toBe(0);
    await poll(
      () => staffDoor.headCount(),
      (c) => c !== null && c.tickets > 0,
      TIMEOUT_MS,
      "the event's tickets on the staff member's door",
    );
    // Staff check tickets; the design stays the owners'.
    await staff.gotoDesign(eventId);
    await staff.ownersOnly.waitFor({ timeout: TIMEOUT_MS });
  });
});
