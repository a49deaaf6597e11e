import { describe, expect, it } from 'vitest';
import type { Notice } from '../../contract/notifications.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { removeAccount } from '../../server/domain/personal-data/removal.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { command, makeStaff } from './chat-helpers.ts';

/**
 * Notifications (issue 16): the server records what other people did to a user at an event and
 * sends it inside the user's my_events document of that event; notification.read marks them read
 * for every device. Requests, approvals, rejections and cancellations come from the appointment
 * commands and the legacy calls alike; comments on an organiser's event and votes on a comment are
 * gathered into one unread notice.
 */

const s = serverPerFile();

interface MyEventDoc {
  event_id: number;
  rev: number;
  notices: Notice[];
}

async function person(eventId: number) {
  const u = await createUser(s.app.db);
  await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

async function pull(token: string, checkpoint = 0): Promise<{ documents: MyEventDoc[]; checkpoint: number }> {
  const res = await s.app.inject({ url: `/sync/v1/my_events/pull?checkpoint=${checkpoint}&limit=100`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function notices(token: string, eventId: number): Promise<Notice[]> {
  return (await pull(token)).documents.find((d) => d.event_id === eventId)?.notices ?? [];
}

/** A date of the event's meeting days (the event starts tomorrow in Kyiv). */
async function meetingDay(eventId: number): Promise<string> {
  const e = await s.app.db.selectFrom('events').select('starts_at').where('id', '=', eventId).executeTakeFirstOrThrow();
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(e.starts_at);
}

async function request(from: { token: string }, to: { id: number }, eventId: number, comment: string, meetingId?: number) {
  const date = await meetingDay(eventId);
  return command(s.app, from.token, 'appointment.request', {
    event_id: eventId,
    user_id: to.id,
    date,
    comment,
    any_time: true,
    ...(meetingId ? { meeting_id: meetingId } : {}),
  });
}

describe('notices of appointments', () => {
  it('tells the other person of a request, its change, the approval and the cancellation, newest first', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person(ev);
    const bohdan = await person(ev);

    const asked = await request(bohdan, anna, ev, 'Coffee at the stand?');
    expect(asked.status).toBe('applied');
    const meetingId = Number(asked.ids![0]);
    let annas = await notices(anna.token, ev);
    expect(annas).toHaveLength(1);
    expect(annas[0]).toMatchObject({ kind: 'invited', meeting_id: meetingId, read: false, count: 1, text: 'Coffee at the stand?' });
    expect(annas[0]!.actor).toMatchObject({ user_id: bohdan.id });
    // The requester is told nothing about what he did himself.
    expect(await notices(bohdan.token, ev)).toEqual([]);

    expect((await request(bohdan, anna, ev, 'Tea instead', meetingId)).status).toBe('applied');
    expect((await command(s.app, anna.token, 'appointment.approve', { meeting_id: meetingId })).status).toBe('applied');
    expect((await notices(bohdan.token, ev)).map((n) => n.kind)).toEqual(['approved']);
    expect((await command(s.app, anna.token, 'appointment.reject', { meeting_id: meetingId, reason: 'Something came up' })).status).toBe('applied');

    annas = await notices(anna.token, ev);
    expect(annas.map((n) => n.kind)).toEqual(['updated', 'invited']);
    const bohdans = await notices(bohdan.token, ev);
    expect(bohdans.map((n) => n.kind)).toEqual(['canceled', 'approved']);
    expect(bohdans[0]).toMatchObject({ text: 'Something came up', meeting_id: meetingId });
  });

  it('tells the requester of a rejection made through the legacy call', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person(ev);
    const bohdan = await person(ev);
    const meetingId = Number((await request(bohdan, anna, ev, '')).ids![0]);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/meetings/reject-meeting',
      headers: { authorization: `Bearer ${anna.token}` },
      payload: { meeting_id: meetingId, reason: 'Fully booked' },
    });
    expect(res.json().status_code).toBe(200);
    expect(await notices(bohdan.token, ev)).toMatchObject([{ kind: 'rejected', text: 'Fully booked', meeting_id: meetingId }]);
  });
});

describe('gathered notices', () => {
  it('gathers comments on an event for its organisers, and starts a new notice once read', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const owner = await person(ev);
    await makeStaff(s.app.db, ev, owner.id, 'owner');
    const anna = await person(ev);
    const bohdan = await person(ev);

    expect((await command(s.app, anna.token, 'comment.add', { event_id: ev, comment: 'First!' })).status).toBe('applied');
    expect((await command(s.app, bohdan.token, 'comment.add', { event_id: ev, comment: 'When does   it\nstart?' })).status).toBe('applied');
    // The owner's own comment is not news to him.
    expect((await command(s.app, owner.token, 'comment.add', { event_id: ev, comment: 'At ten' })).status).toBe('applied');
    let list = await notices(owner.token, ev);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'comment', count: 2, text: 'When does it start?', read: false });
    expect(list[0]!.actor.user_id).toBe(bohdan.id);
    expect(await notices(anna.token, ev)).toEqual([]);

    expect((await command(s.app, owner.token, 'notification.read', { ids: [list[0]!.id] })).status).toBe('applied');
    expect((await command(s.app, anna.token, 'comment.add', { event_id: ev, comment: 'Thanks' })).status).toBe('applied');
    list = await notices(owner.token, ev);
    expect(list.map((n) => [n.kind, n.count, n.read])).toEqual([
      ['comment', 1, false],
      ['comment', 2, true],
    ]);
  });

  it("gathers new votes on a person's comment; a changed vote is no news", async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person(ev);
    const bohdan = await person(ev);
    const olena = await person(ev);
    const added = await command(s.app, anna.token, 'comment.add', { event_id: ev, comment: 'Slides please' });
    const commentId = Number(added.ids![0]);

    expect((await command(s.app, bohdan.token, 'comment.like', { comment_id: commentId, like_type: 1 })).status).toBe('applied');
    expect((await command(s.app, bohdan.token, 'comment.like', { comment_id: commentId, like_type: 2 })).status).toBe('applied');
    expect((await command(s.app, olena.token, 'comment.like', { comment_id: commentId, like_type: 1 })).status).toBe('applied');
    const list = await notices(anna.token, ev);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'vote', count: 2, comment_id: commentId, text: 'Slides please' });
    expect(list[0]!.actor.user_id).toBe(olena.id);
  });
});

describe('notification.read', () => {
  it('marks only the reader’s own notices, moves the document for the other devices, and answers alike for any id', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person(ev);
    const bohdan = await person(ev);
    const meetingId = Number((await request(bohdan, anna, ev, 'Hi')).ids![0]);
    await command(s.app, anna.token, 'appointment.approve', { meeting_id: meetingId });
    const annasNotice = (await notices(anna.token, ev))[0]!;
    const bohdansNotice = (await notices(bohdan.token, ev))[0]!;

    const before = await pull(anna.token);
    // Somebody else's id and an unknown one: applied, nothing changes, nothing is revealed.
    expect(await command(s.app, bohdan.token, 'notification.read', { ids: [annasNotice.id, 999999] })).toMatchObject({ status: 'applied' });
    expect((await pull(anna.token, before.checkpoint)).documents).toEqual([]);
    expect((await notices(anna.token, ev))[0]!.read).toBe(false);

    // Anna's own read, as her phone sends it: her laptop's next pull brings the document with it read.
    expect(await command(s.app, anna.token, 'notification.read', { ids: [annasNotice.id] })).toMatchObject({ status: 'applied' });
    const after = await pull(anna.token, before.checkpoint);
    expect(after.documents.map((d) => d.event_id)).toEqual([ev]);
    expect(after.documents[0]!.notices[0]).toMatchObject({ id: annasNotice.id, read: true });
    expect((await notices(bohdan.token, ev))[0]).toMatchObject({ id: bohdansNotice.id, read: false });

    for (const payload of [{ ids: [] }, { ids: [0] }, { ids: ['x'] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { ids: [1], all: true }]) {
      expect(await command(s.app, anna.token, 'notification.read', payload), JSON.stringify(payload).slice(0, 40)).toMatchObject({
        status: 'rejected',
        code: 'invalid_input',
      });
    }
  });

  it('keeps a person without a relation row its notices: the first notice makes the document', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person(ev);
    // A ticket holder who never checked in has no user_events row yet.
    const holder = await createUser(s.app.db);
    await s.app.db
      .insertInto('tickets')
      .values({ event_id: ev, user_id: holder.id, code: `T-${ev}-${holder.id}`, price: 0, currency: 'UAH' })
      .execute();
    const holderToken = await createSession(s.app.db, holder.id);
    const date = await meetingDay(ev);
    const asked = await command(s.app, anna.token, 'appointment.request', { event_id: ev, user_id: holder.id, date, comment: 'Lunch?', any_time: true });
    expect(asked.status).toBe('applied');
    expect(await notices(holderToken, ev)).toMatchObject([{ kind: 'invited', text: 'Lunch?' }]);
  });

  it('forgets a removed account: its own notices go, and notices of what it did move and lose its name', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person(ev);
    const bohdan = await person(ev);
    const meetingId = Number((await request(bohdan, anna, ev, 'Hi')).ids![0]);
    await command(s.app, anna.token, 'appointment.approve', { meeting_id: meetingId });
    const before = await pull(anna.token);
    await s.app.writer.run((trx) => removeAccount(trx, bohdan.id));
    expect(await s.app.db.selectFrom('notifications').select('id').where('user_id', '=', bohdan.id).execute()).toEqual([]);
    const after = await pull(anna.token, before.checkpoint);
    expect(after.documents.find((d) => d.event_id === ev)?.notices[0]).toMatchObject({ kind: 'invited', actor: { user_id: 0, first_name: '' } });
  });
});
