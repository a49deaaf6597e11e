import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../contract/appointments.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { adminKit, eventFields, uploadPicture, type Person } from './admin-helpers.ts';

/**
 * The organisers' schedule editor through the command path (server/domain/schedule/service.ts):
 * days, tracks and speeches with Foyer users and guests as speakers; overlaps and times outside
 * the event refused with their codes; commands queued offline naming a track by the command that
 * made it; the live stage's feed and the specs' legacy call showing every change at once; drafts'
 * programmes kept from everybody else.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());
const kit = adminKit(() => s);
const { person, send, batch, pull, newEvent, legacy } = kit;

const base = eventFields();
const start = base.starts_at;
const day = localDateOf(start, 'Europe/Kyiv');

function speech(track: { id: number } | { client_id: string }, from: number, minutes: number, over: Record<string, unknown> = {}) {
  return {
    track,
    title: 'Opening keynote',
    description: 'Why harbours matter.',
    starts_at: start + from * 60,
    ends_at: start + (from + minutes) * 60,
    presentation_url: '',
    speakers: [],
    ...over,
  };
}

async function organisedEvent(publish = true) {
  const owner = await person();
  const eventId = await newEvent(owner, { starts_at: start, ends_at: base.ends_at }, publish);
  return { owner, eventId };
}

describe('building a programme', () => {
  it('adds a day, tracks and speeches that the stage and the legacy call show, with users and guests as speakers', async () => {
    const { owner, eventId } = await organisedEvent();
    const speaker = await person();
    // A speaker linked to a profile is somebody among the event's people: here, registered for it.
    expect(await send(speaker, 'event.checkin', { event_id: eventId })).toMatchObject({ status: 'applied' });
    const picture = await uploadPicture(s.app, owner, eventId, 'speaker');
    expect(picture).toMatchObject({ status_code: 200, data: { url: expect.stringMatching(/^\/files\/uploads\/event-pictures\/[a-f0-9]{32}\.png$/) } });

    expect(await send(owner, 'schedule.day.set', { event_id: eventId, date: day, title: 'Talks' })).toMatchObject({ status: 'applied' });
    const main = await send(owner, 'schedule.track.set', { event_id: eventId, title: 'Main hall' });
    const side = await send(owner, 'schedule.track.set', { event_id: eventId, title: 'Side room' });
    const mainRef = { id: Number(main.ids![0]) };
    const sideRef = { id: Number(side.ids![0]) };
    const first = await send(owner, 'schedule.speech.set', {
      event_id: eventId,
      fields: speech(mainRef, 0, 45, {
        presentation_url: 'https://slides.example/keynote',
        speakers: [{ email: speaker.email.toUpperCase() }, { name: '  Grace Hopper ', picture: picture.data.url }],
      }),
    });
    expect(first).toMatchObject({ status: 'applied' });
    expect(await send(owner, 'schedule.speech.set', { event_id: eventId, fields: speech(mainRef, 45, 30, { title: 'Right after' }) })).toMatchObject({
      status: 'applied',
    });

    // The organisers' copy of the event lists the days and tracks, an empty track included.
    const doc = (await pull(owner, 'events')).documents.find((d) => d.event_id === eventId)!;
    expect(doc.admin.schedule).toEqual({
      days: [{ date: day, title: 'Talks' }],
      tracks: [
        expect.objectContaining({ id: mainRef.id, title: 'Main hall', sort: 1 }),
        expect.objectContaining({ id: sideRef.id, title: 'Side room', sort: 2 }),
      ],
    });

    const guest = await pull(null, 'schedule', eventId);
    expect(guest.status).toBe(200);
    const keynote = guest.documents.find((d) => d.speech_id === Number(first.ids![0]))!;
    expect(keynote).toMatchObject({
      title: 'Opening keynote',
      day_date: day,
      day_title: 'Talks',
      track_title: 'Main hall',
      presentation_url: '',
      speakers: [
        { user_id: speaker.id, name: expect.any(String), avatar: `/files/avatars/${speaker.id}.svg` },
        { user_id: 0, name: 'Grace Hopper', avatar: picture.data.url },
      ],
    });
    const flows = await legacy<{ title: string; speeches: { title: string; speakers: unknown[] }[] }[]>(
      null,
      `/api/events/${eventId}/schedules?object=flow&show_children=1&date=${day}`,
    );
    expect(flows.status_code).toBe(200);
    expect(flows.data.map((t) => [t.title, t.speeches.map((x) => x.title)])).toEqual([['Main hall', ['Opening keynote', 'Right after']]]);
    expect(flows.data[0]!.speeches[0]!.speakers[1]).toEqual({ user_id: null, name: 'Grace Hopper', avatar: picture.data.url });
    // The guest's picture is served in its sizes.
    const small = await s.app.inject({ method: 'GET', url: `${picture.data.url}?size=small` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/png');
  });

  it('refuses a speech that meets another of its track, one outside the event and one that ends before it starts', async () => {
    const { owner, eventId } = await organisedEvent();
    const track = { id: Number((await send(owner, 'schedule.track.set', { event_id: eventId, title: 'Main' })).ids![0]) };
    const other = { id: Number((await send(owner, 'schedule.track.set', { event_id: eventId, title: 'Other' })).ids![0]) };
    expect(await send(owner, 'schedule.speech.set', { event_id: eventId, fields: speech(track, 60, 60) })).toMatchObject({ status: 'applied' });
    const cases: [ReturnType<typeof speech>, string][] = [
      [speech(track, 90, 60), 'schedule_overlap'],
      [speech(track, 30, 60), 'schedule_overlap'],
      [speech(track, 70, 10), 'schedule_overlap'],
      [speech(track, -30, 45), 'schedule_outside_event'],
      [speech(track, 7 * 60 + 30, 60), 'schedule_outside_event'],
      [speech(track, 200, 0), 'event_time_order'],
      [speech(track, 200, 30, { title: '  ' }), 'invalid_input'],
      [speech(track, 200, 30, { presentation_url: 'javascript:alert(1)' }), 'invalid_url'],
      [speech(track, 200, 30, { presentation_url: '//evil.example/x' }), 'invalid_url'],
      [speech(track, 200, 30, { speakers: [{ email: 'nobody-at-all@test.local' }] }), 'person_not_in_event'],
      [
        speech(track, 200, 30, { speakers: [{ name: 'Guest', picture: '/files/uploads/event-pictures/0123456789abcdef0123456789abcdef.png' }] }),
        'invalid_image',
      ],
      [speech({ id: 999999 }, 200, 30), 'track_not_found'],
    ];
    for (const [fields, code] of cases) {
      expect(await send(owner, 'schedule.speech.set', { event_id: eventId, fields }), `${code} ${JSON.stringify(fields)}`).toMatchObject({
        status: 'rejected',
        code,
      });
    }
    // Touching ends are fine, and the same hour on another track too.
    expect(await send(owner, 'schedule.speech.set', { event_id: eventId, fields: speech(track, 120, 30) })).toMatchObject({ status: 'applied' });
    expect(await send(owner, 'schedule.speech.set', { event_id: eventId, fields: speech(other, 60, 60) })).toMatchObject({ status: 'applied' });
    // Another event's picture is not this event's.
    const elsewhere = await organisedEvent();
    const theirs = await uploadPicture(s.app, elsewhere.owner, elsewhere.eventId, 'speaker');
    expect(
      await send(owner, 'schedule.speech.set', {
        event_id: eventId,
        fields: speech(track, 300, 30, { speakers: [{ name: 'Guest', picture: theirs.data.url }] }),
      }),
    ).toMatchObject({ status: 'rejected', code: 'invalid_image' });
    expect((await pull(owner, 'schedule', eventId)).documents.filter((d) => !d.deleted)).toHaveLength(3);
  });

  it('moves a speech to another track, reorders tracks, and keeps days and tracks that hold speeches', async () => {
    const { owner, eventId } = await organisedEvent();
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map(async (title) => ({ id: Number((await send(owner, 'schedule.track.set', { event_id: eventId, title })).ids![0]) })),
    );
    const talk = await send(owner, 'schedule.speech.set', { event_id: eventId, fields: speech(a!, 0, 60) });
    const ref = { id: Number(talk.ids![0]) };
    expect(await send(owner, 'schedule.speech.set', { event_id: eventId, speech: ref, fields: speech(b!, 30, 60, { title: 'Moved' }) })).toMatchObject({
      status: 'applied',
    });
    expect((await pull(null, 'schedule', eventId)).documents.find((d) => d.speech_id === ref.id)).toMatchObject({ title: 'Moved', track_id: b!.id });

    expect(await send(owner, 'schedule.track.order', { event_id: eventId, tracks: [c, a] })).toMatchObject({ status: 'applied' });
    const outline = (await pull(owner, 'events')).documents.find((d) => d.event_id === eventId)!.admin.schedule;
    expect(outline.tracks.map((t) => t.title)).toEqual(['C', 'A', 'B']);
    expect((await pull(null, 'schedule', eventId)).documents.find((d) => d.speech_id === ref.id)).toMatchObject({ track_sort: 2 });

    expect(await send(owner, 'schedule.day.set', { event_id: eventId, date: day, title: 'Day one' })).toMatchObject({ status: 'applied' });
    expect(await send(owner, 'schedule.track.remove', { event_id: eventId, track: b })).toMatchObject({ status: 'rejected', code: 'schedule_track_not_empty' });
    expect(await send(owner, 'schedule.day.remove', { event_id: eventId, date: day })).toMatchObject({ status: 'rejected', code: 'schedule_day_not_empty' });
    expect(await send(owner, 'schedule.speech.remove', { event_id: eventId, speech: ref })).toMatchObject({ status: 'applied' });
    expect((await pull(null, 'schedule', eventId)).documents.find((d) => d.speech_id === ref.id)).toMatchObject({ deleted: true });
    expect(await send(owner, 'schedule.track.remove', { event_id: eventId, track: b })).toMatchObject({ status: 'applied' });
    expect(await send(owner, 'schedule.day.remove', { event_id: eventId, date: day })).toMatchObject({ status: 'applied' });
    expect((await pull(owner, 'events')).documents.find((d) => d.event_id === eventId)!.admin.schedule).toMatchObject({
      days: [],
      tracks: [{ title: 'C' }, { title: 'A' }],
    });
    // A day outside the event's dates is refused.
    expect(await send(owner, 'schedule.day.set', { event_id: eventId, date: '2099-01-01', title: '' })).toMatchObject({
      status: 'rejected',
      code: 'schedule_outside_event',
    });
  });

  it('applies a track and a speech queued offline, the speech naming the track by the command that made it, once however often sent', async () => {
    const { owner, eventId } = await organisedEvent();
    const trackCommand = `track-${Date.now()}-offline`;
    const commands = [
      { id: trackCommand, kind: 'schedule.track.set', payload: { event_id: eventId, title: 'Made offline' } },
      { id: `speech-${Date.now()}-offline`, kind: 'schedule.speech.set', payload: { event_id: eventId, fields: speech({ client_id: trackCommand }, 0, 30) } },
    ];
    expect((await batch(owner, commands)).map((r) => r.status)).toEqual(['applied', 'applied']);
    // The device sends the same batch again after a lost answer: nothing more is made.
    expect((await batch(owner, commands)).map((r) => r.status)).toEqual(['applied', 'applied']);
    const tracks = (await pull(owner, 'events')).documents.find((d) => d.event_id === eventId)!.admin.schedule.tracks;
    expect(tracks).toEqual([expect.objectContaining({ title: 'Made offline', client_id: trackCommand })]);
    const speeches = (await pull(owner, 'schedule', eventId)).documents.filter((d) => !d.deleted);
    expect(speeches).toEqual([expect.objectContaining({ track_id: tracks[0]!.id, track_title: 'Made offline' })]);
  });
});

describe('drafts', () => {
  it("keeps a draft's programme from everybody but its organisers", async () => {
    const { owner, eventId } = await organisedEvent(false);
    const track = { id: Number((await send(owner, 'schedule.track.set', { event_id: eventId, title: 'Secret' })).ids![0]) };
    expect(await send(owner, 'schedule.speech.set', { event_id: eventId, fields: speech(track, 0, 30, { title: 'Unannounced' }) })).toMatchObject({
      status: 'applied',
    });
    const stranger: Person = await person();
    for (const who of [stranger, null]) {
      expect((await pull(who, 'schedule', eventId)).status).toBe(404);
      expect(await legacy(who, `/api/events/${eventId}/schedules?object=flow&show_children=1`)).toMatchObject({ error: 'event_not_found' });
    }
    expect((await pull(owner, 'schedule', eventId)).documents).toEqual([expect.objectContaining({ title: 'Unannounced' })]);
    await send(owner, 'event.status', { event_id: eventId, status: 'published' });
    expect((await pull(stranger, 'schedule', eventId)).documents).toEqual([expect.objectContaining({ title: 'Unannounced' })]);
  });
});
