import type { EventFields } from '../../contract/admin.ts';
import {
  CITIES,
  DEMO_PASSWORD,
  isEmpty,
  seedPlan,
  writeDrawnLogos,
  writeEventActivity,
  writeEventExtras,
  writePeople,
  writeReference,
  type EventPlan,
  type SeedOptions,
} from '../db/seed/index.ts';

import { nth } from '../db/seed/lists.ts';
import type { Q, Tx } from '../db/tx.ts';
import { setMeetingSettings, setCategories } from './admin/meetings.ts';
import { createEvent, setEventStatus } from './admin/service.ts';
import { hashPassword } from './auth/passwords.ts';
import { setMember, setStand } from './companies/admin.ts';
import { quiet, type Effect } from './effects.ts';
import { recountPeople } from './events/repository.ts';
import { setDay, setSpeech, setTrack } from './schedule/service.ts';
import type { Writer } from './write.ts';

/**
 * Fills an empty database with the plan of `mode` (db/seed/index.ts seedPlan), through the write
 * runner like every other write. A database that has any user is left alone. Returns the mode when
 * it seeded.
 *
 * There is one way in for what organisers make: each event, its programme, its meeting settings
 * and visitor categories, and its stands are made through the same services the admin area's
 * commands call, as the event's owner would, so the demo passes the same checks as anybody's
 * event. What the admin area does not make (accounts, tickets, meetings, chat, the organising
 * company, the demo's own stand-in stream and drawn logos) goes in as rows (db/seed/write.ts).
 * Each event is published last, once everything it shows is there.
 *
 * Events carry counters kept by the services, seeded from the rows written: total_people counts
 * the listed participants as the visitors list does (events/repository recountPeople), favorites_count is_favorite rows, meetings_count agreed appointments
 * (response 1) and visitors_with_appointments_count the distinct people in those.
 */
export async function runSeed(writer: Writer, db: Q, mode: string, options: SeedOptions = {}): Promise<string | undefined> {
  const seed = seedPlan(mode, options);
  if (!seed || !(await isEmpty(db))) return undefined;
  // Every seeded account shares one argon2id hash of the demo password: hashing is deliberately
  // slow (~50 ms and 19 MiB each), so 5,000 separate hashes would take minutes for no benefit when
  // all of them protect the same well-known password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { seeded } = await writer.run(async (trx) => {
    // The runner holds the change-feed lock, so two instances starting together take turns here
    // and the second one finds the users the first has just written.
    if (!(await isEmpty(trx))) return { seeded: false, effect: quiet() };
    const { plan, now } = seed;
    await writeReference(trx);
    const { userIds, organiserIds } = await writePeople(trx, plan, passwordHash);
    const uid = (i: number) => nth(userIds, i, 'user id');
    const owned: { owner: number; eventId: number; plan: EventPlan }[] = [];
    const drawnLogos: number[] = [];
    for (const e of plan.events) {
      const ownerPlan = e.participants.find((p) => p.is_owner);
      if (!ownerPlan) throw new Error(`seed: the plan gives ${e.name} no owner`);
      const owner = uid(ownerPlan.user);
      const eventId = idOf(await createEvent(trx, owner, eventFields(e)));
      owned.push({ owner, eventId, plan: e });
      await writeEventExtras(trx, eventId, e, organiserIds[e.organiser] ?? null);
    }
    await writeEventActivity(
      trx,
      plan,
      userIds,
      owned.map((o) => o.eventId),
      now,
    );
    // The programme's speakers and the stands' people are named by id, which the admin area allows
    // only for people who take part in the event: they do by now.
    for (const o of owned) await organise(trx, o.owner, o.eventId, o.plan, uid, drawnLogos);
    await recountPeople(
      trx,
      owned.map((o) => o.eventId),
    );
    await writeDrawnLogos(trx, drawnLogos);
    for (const { owner, eventId } of owned) await setEventStatus(trx, owner, eventId, 'published');
    // Seeding runs before the server answers anybody: no device holds anything to be told about.
    return { seeded: true, effect: quiet() };
  });
  return seeded ? mode : undefined;
}

const idOf = (effect: Effect) => Number(effect.ids[0]);

/** The admin area's fields of a planned event (its demo stream is set apart, writeEventExtras). */
function eventFields(e: EventPlan): EventFields {
  return {
    name: e.name,
    category_id: e.category_id,
    description: e.description,
    is_webinar: e.is_webinar,
    place_name: e.place_name,
    address: e.place_address,
    city: CITIES.find((c) => c.id === e.city_id)?.name ?? '',
    map_point: null,
    timezone: e.timezone,
    starts_at: Math.floor(e.starts_at.getTime() / 1000),
    ends_at: Math.floor(e.ends_at.getTime() / 1000),
    stream_url: '',
    video_type: 0,
    broadcast_background: '',
    is_free: e.is_free,
  };
}

/** What the owner sets up in the admin area: categories, days, tracks, speeches, meeting settings, stands. */
async function organise(trx: Tx, owner: number, eventId: number, e: EventPlan, uid: (i: number) => number, drawnLogos: number[]): Promise<void> {
  await setCategories(trx, owner, { event_id: eventId, categories: e.menu.map((m) => ({ name: m.name })) });
  for (const d of e.days) await setDay(trx, owner, { event_id: eventId, date: d.date, title: d.title });
  for (const t of e.tracks) {
    const track = { id: idOf(await setTrack(trx, owner, { event_id: eventId, title: t.title }, null)) };
    for (const s of t.speeches) {
      const fields = {
        track,
        title: s.title,
        description: s.description,
        starts_at: Math.floor(s.start.getTime() / 1000),
        ends_at: Math.floor(s.end.getTime() / 1000),
        presentation_url: s.presentation_url,
        speakers: s.speakers.map((u) => ({ user_id: uid(u) })),
      };
      await setSpeech(trx, owner, { event_id: eventId, fields }, null);
    }
  }
  await setMeetingSettings(trx, owner, {
    event_id: eventId,
    settings: {
      slot_minutes: e.meeting.slot_minutes,
      tables: e.meeting.tables_count,
      windows: e.meeting.allowed_times,
      // The plan's places keep their ids: the services number new places 1, 2, … in this order.
      places: Object.entries(e.meeting.places)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, label]) => ({ label, tables: 0 })),
    },
    outside: 'keep',
  });
  for (const st of e.stands) {
    const fields = {
      name: st.name,
      location: st.location,
      link: st.link,
      description: st.description,
      phone: st.phone,
      email: st.email,
      logo: '',
      picture: '',
    };
    const stand = { id: idOf(await setStand(trx, owner, { event_id: eventId, fields }, null)) };
    for (const m of [...st.members].sort((a, b) => a.sort - b.sort)) {
      await setMember(trx, owner, { event_id: eventId, stand, who: { user_id: uid(m.user) }, position: m.position, is_manager: m.is_manager });
    }
    if (st.logo) drawnLogos.push(stand.id);
  }
}
