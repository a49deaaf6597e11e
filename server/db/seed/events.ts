import { CITIES } from './demo-data.ts';
import { GENERAL_TITLES, SPEECH_TITLES, TICKET_TYPES, type EventTemplate } from './demo-events.ts';
import { slug } from './people.ts';
import type { CompanyPlan, EventDay, EventPlan, ParticipantPlan, SpeechPlan, TicketPlan, UserPlan } from './plan.ts';
import { nth } from './lists.ts';
import type { Rng } from './random.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, addDays, allowedTimes, localDate, zonedTime } from './time.ts';
import { COMPANIES, HOTELS, INTERESTS, APPOINTMENT_PLACES, TRANSPORT } from './vocabulary.ts';

export interface BuildContext {
  now: Date;
  users: UserPlan[];
  /** Ticket codes already handed out: they are unique across the whole database. */
  codes: Set<string>;
}

/** A demo account's part in an event, stated by the orchestrator instead of drawn at random. */
export interface AccountRole {
  user: number;
  role: ParticipantPlan['role'];
  ticket: string | null;
  checkedIn: boolean;
  favorite: boolean;
  owner?: boolean;
  /** Joins the first stand as its manager. */
  standManager?: boolean;
}

export type Phase = 'past' | 'running' | 'future';

export function phaseOf(e: { starts_at: Date; ends_at: Date }, now: Date): Phase {
  if (e.ends_at <= now) return 'past';
  return e.starts_at <= now ? 'running' : 'future';
}

function eventDays(t: EventTemplate, now: Date): EventDay[] {
  if (t.timing.kind === 'relative') {
    const start = new Date(now.getTime() + t.timing.startHours * HOUR_MS);
    const end = new Date(now.getTime() + t.timing.endHours * HOUR_MS);
    // Seeded in the evening, the span crosses the venue's midnight. A speech belongs to the local
    // day it starts on (schedule/service.ts), so each side of midnight is a day of its own.
    const days: EventDay[] = [];
    let date = localDate(start, t.timezone);
    for (let from = start; from < end; date = addDays(date, 1)) {
      const midnight = zonedTime(addDays(date, 1), '00:00', t.timezone);
      const to = midnight < end ? midnight : end;
      days.push({ date, title: `Day ${days.length + 1}`, start: from, end: to });
      from = to;
    }
    return days;
  }
  const { dayOffset, days, from, to } = t.timing;
  const today = localDate(now, t.timezone);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, dayOffset + i);
    return { date, title: days > 1 ? `Day ${i + 1}` : '', start: zonedTime(date, from, t.timezone), end: zonedTime(date, to, t.timezone) };
  });
}

/** A topic used again later in a long event comes back as another kind of session. */
const FORMATS = ['', 'Workshop: ', 'Case study: ', 'Deep dive: ', 'Q&A: '];

/**
 * Talks fill each track from the opening of each day, 30–60 minutes with short breaks and a lunch
 * break, so the stage always has a current, a finished and a planned speech while the event runs.
 * A speaker is never booked on two stages at once when someone else is free.
 */
function schedule(rng: Rng, t: EventTemplate, days: EventDay[], speakers: number[], fallbackSpeaker: number): EventPlan['tracks'] {
  const topics = SPEECH_TITLES[t.categoryId] ?? [];
  let titles = rng.shuffle([...topics, ...GENERAL_TITLES.slice(1, 5)]);
  let round = 0;
  const nextTitle = () => {
    if (titles.length === 0) {
      round++;
      titles = rng.shuffle(topics);
    }
    const title = titles.pop();
    // Every category has talk titles of its own, so a refilled list is never empty.
    if (title === undefined) throw new Error(`seed: no talk titles for category ${t.categoryId}`);
    return FORMATS[round % FORMATS.length] + title;
  };
  const busy = new Map<number, [number, number][]>();
  const free = (u: number, from: number, to: number) => !(busy.get(u) ?? []).some(([a, b]) => a < to && from < b);
  const base = slug(t.name, '-');
  const tracks = t.tracks.map((title, i) => ({ title, sort: i + 1, speeches: [] as SpeechPlan[] }));
  let n = 0;
  days.forEach((day, dayIndex) => {
    tracks.forEach((track, trackIndex) => {
      let cursor = day.start.getTime() + (trackIndex === 0 ? 0 : 15 * MINUTE_MS);
      const end = day.end.getTime();
      const lunch = end - day.start.getTime() >= 6 * HOUR_MS ? day.start.getTime() + 3 * HOUR_MS : Infinity;
      let lunched = false;
      while (cursor + 30 * MINUTE_MS <= end) {
        if (!lunched && cursor >= lunch) {
          cursor += 45 * MINUTE_MS;
          lunched = true;
          continue;
        }
        const minutes = Math.min(rng.pick([30, 45, 45, 60]), (end - cursor) / MINUTE_MS);
        const stop = cursor + minutes * MINUTE_MS;
        const opening = trackIndex === 0 && track.speeches.every((s) => s.day !== day.date);
        const talk = opening ? (dayIndex === 0 ? nth(GENERAL_TITLES, 0, 'opening title') : `Day ${dayIndex + 1} keynote`) : nextTitle();
        const available = speakers.filter((u) => free(u, cursor, stop));
        const chosen = rng.sample(available.length > 0 ? available : speakers, rng.chance(0.3) ? 2 : 1);
        if (chosen.length === 0) chosen.push(fallbackSpeaker);
        for (const u of chosen) busy.set(u, [...(busy.get(u) ?? []), [cursor, stop]]);
        n++;
        track.speeches.push({
          title: talk,
          description: rng.pick([
            'A practical session with examples from real projects and time for questions.',
            'What worked, what did not, and the numbers behind both.',
            'An honest look at the trade-offs, followed by Q&A with the audience.',
            '',
          ]),
          day: day.date,
          start: new Date(cursor),
          end: new Date(stop),
          presentation_url: rng.chance(0.5) ? `/files/presentations/${base}-${n}.pdf` : '',
          speakers: chosen,
        });
        cursor = stop + rng.pick([0, 15, 15]) * MINUTE_MS;
      }
    });
  });
  return tracks;
}

function stands(rng: Rng, count: number, members: number[][], managerIndex: number | null): CompanyPlan[] {
  const names = rng.shuffle(COMPANIES.filter((c) => c !== 'Vistula Data'));
  return Array.from({ length: count }, (_, i) => {
    const name = i === 0 && managerIndex !== null ? 'Vistula Data' : nth(names, i % names.length, 'company name');
    const domain = `${slug(name, '')}.example`;
    // A few stands come without a description, link or logo, as real exhibitors often do.
    const bare = i > 0 && i % 4 === 3;
    return {
      name,
      location: `Stand ${String.fromCharCode(65 + (i % 4))}${rng.int(1, 24)}`,
      link: bare ? '' : `https://www.${domain}`,
      description: bare
        ? ''
        : `${name} ${rng.pick(['builds software for logistics and retail', 'helps teams ship reliable mobile apps', 'runs data platforms for growing companies', 'makes tools for clinicians and patients', 'designs learning products for schools', 'invests in early-stage startups from the region'])}.`,
      phone: rng.chance(0.7) ? `+380 44 ${rng.int(200, 599)} ${rng.int(10, 99)} ${rng.int(10, 99)}` : '',
      email: bare ? '' : `hello@${domain}`,
      logo: !bare && rng.chance(0.85),
      sort: i + 1,
      members: (members[i] ?? []).map((user, k) => ({
        user,
        position: rng.pick(['Sales Manager', 'Solutions Engineer', 'Account Executive', 'Co-founder', 'Partnerships Lead']),
        is_manager: k === 0 ? i === 0 || rng.chance(0.7) : rng.chance(0.15),
        sort: k + 1,
      })),
    };
  });
}

function design(t: EventTemplate, menu: { id: number; name: string }[]): Record<string, unknown> {
  const roles = [
    { id: 1, name: 'visitor', color: '#3f7cac', canDelete: false, is_default: true, enabled: true },
    { id: 2, name: 'speaker', color: '#e07a5f', canDelete: false, is_default: false, enabled: true },
    { id: 3, name: 'organizer', color: '#2a9d8f', canDelete: false, is_default: false, enabled: true },
    { id: 4, name: 'sponsor', color: '#f2cc8f', canDelete: true, is_default: false, enabled: !t.online },
    { id: 5, name: 'volunteer', color: '#81b29a', canDelete: true, is_default: false, enabled: !t.online },
  ];
  return {
    instructions: {
      type: 'standart',
      image: '',
      cropImage: '',
      items: [
        { id: 1, text: t.online ? 'Open the event page and press Join when the stream starts.' : 'Show this QR code at the entrance.', sort: 1 },
        { id: 2, text: t.online ? 'Use the chat for questions to speakers.' : 'Keep your badge visible inside the venue.', sort: 2 },
        { id: 3, text: 'Book meetings with other visitors in the Networking tab.', sort: 3 },
      ],
    },
    sponsors: { type: 'standart', checked: [], items: [], image: '' },
    roles,
    badge: { type: 'standart', checked: ['first_name', 'last_name', 'company', 'position', 'qr'], items: menu.map((m) => m.name), image: '' },
  };
}

function ticketDescription(type: string, online: boolean): string {
  if (online) return type === 'Online' ? 'Live stream and chat' : 'Live stream, chat and recordings';
  return (
    (
      { Standard: 'All talks and the expo', Business: 'All talks, the expo and lunch', VIP: 'Front rows, lounge access and the speakers dinner' } as Record<
        string,
        string
      >
    )[type] ?? 'Complimentary pass'
  );
}

/** The free ticket each helping role holds. */
const STAFF_TICKETS: Record<Exclude<ParticipantPlan['role'], 'visitor'>, string> = {
  speaker: 'Speaker',
  organizer: 'Staff',
  volunteer: 'Volunteer',
  sponsor: 'Exhibitor',
};

export function buildEvent(rng: Rng, ctx: BuildContext, t: EventTemplate, pool: number[], accounts: AccountRole[], owner: number): EventPlan {
  const { now } = ctx;
  const days = eventDays(t, now);
  const starts_at = nth(days, 0, 'event day').start;
  const ends_at = nth(days, -1, 'event day').end;
  const phase = phaseOf({ starts_at, ends_at }, now);
  const menu = t.menu.map((name, i) => ({ id: i + 1, name }));
  const city = CITIES.find((c) => c.id === t.cityId);

  // People from the event's own region come first; the rest of the crowd travels in.
  const ranked = pool
    .map((u) => ({ u, key: rng.next() * (t.audience.includes(nth(ctx.users, u, 'user').country_code) ? 4 : 1) }))
    .sort((a, b) => b.key - a.key)
    .map((x) => x.u);
  const chosen = ranked.slice(0, t.participants);
  const others = ranked.slice(t.participants);

  const speakerCount = Math.min(t.tracks.length * 2 + 1, Math.floor(chosen.length / 4));
  const speakers = chosen.slice(0, speakerCount);
  const rest = chosen.slice(speakerCount);
  const organizers = rest.splice(0, Math.min(2, Math.floor(rest.length / 10)));
  const volunteers = t.online ? [] : rest.splice(0, Math.min(3, Math.floor(rest.length / 10)));
  const manager = accounts.find((a) => a.standManager)?.user ?? null;
  const standMembers: number[][] = [];
  for (let i = 0; i < t.stands; i++) {
    const take = rest.splice(0, Math.min(rng.int(1, 3), Math.max(0, rest.length - 1)));
    standMembers.push(i === 0 && manager !== null ? [manager, ...take] : take);
  }
  const sponsors = new Set(standMembers.flat());

  const roleOf = (u: number): ParticipantPlan['role'] =>
    speakers.includes(u) ? 'speaker' : organizers.includes(u) ? 'organizer' : volunteers.includes(u) ? 'volunteer' : sponsors.has(u) ? 'sponsor' : 'visitor';
  const beforeNow = (from: Date, to: Date) => {
    const end = Math.min(to.getTime(), now.getTime());
    return new Date(Math.min(from.getTime(), end) + Math.floor(rng.next() * Math.max(0, end - from.getTime())));
  };
  const created_at = new Date(Math.min(starts_at.getTime() - 90 * DAY_MS, now.getTime() - 30 * DAY_MS));
  const salesOpen = new Date(created_at.getTime() + 7 * DAY_MS);
  const checkinFrom = phase === 'future' ? salesOpen : new Date(starts_at.getTime() - HOUR_MS);
  const checkinChance = phase === 'past' ? 0.85 : phase === 'running' ? 0.8 : 0.45;
  const types =
    t.minPrice === 0
      ? [['Free', 0, 1] as const]
      : t.online
        ? [['Online', 1, 80] as const, ['Online + Recording', 1.6, 20] as const]
        : TICKET_TYPES.map((x) => [x.type, x.factor, x.weight] as const);

  const participants: ParticipantPlan[] = [];
  const tickets: TicketPlan[] = [];
  const issue = (user: number, type: string, price: number, menuId: number | null, status: TicketPlan['status'] = 'valid', invalid = false) => {
    let code: string;
    do code = `FY-${rng.code(10)}`;
    while (ctx.codes.has(code));
    ctx.codes.add(code);
    tickets.push({
      user,
      code,
      type,
      price,
      status,
      invalid,
      description: ticketDescription(type, t.online),
      place: t.online ? '' : type === 'VIP' ? 'VIP lounge, rows 1–3' : `Hall ${String.fromCharCode(65 + rng.int(0, 2))}`,
      visitor_category: menu.find((m) => m.id === menuId)?.name ?? '',
      created_at: beforeNow(salesOpen, starts_at),
    });
  };

  participants.push({
    user: owner,
    role: 'organizer',
    menu_id: null,
    is_owner: true,
    is_moderator: true,
    is_favorite: false,
    checked_in: false,
    checked_in_at: null,
    viewed_at: beforeNow(created_at, ends_at),
    about: '',
    interest: '',
  });
  for (const a of accounts) {
    // The demo accounts share one visitor category, so filtering by it on screen finds them together.
    const menuId = nth(menu, Math.min(1, menu.length - 1), 'visitor category').id;
    if (a.ticket) {
      const type = types.find((x) => x[0] === a.ticket) ?? nth(types, 0, 'ticket type');
      issue(a.user, a.ticket, a.role === 'visitor' ? Math.round(t.minPrice * type[1]) : 0, menuId);
    }
    participants.push({
      user: a.user,
      role: a.role,
      menu_id: menuId,
      is_owner: false,
      is_moderator: false,
      is_favorite: a.favorite,
      checked_in: a.checkedIn,
      checked_in_at: a.checkedIn ? beforeNow(checkinFrom, ends_at) : null,
      viewed_at: beforeNow(created_at, ends_at),
      about: '',
      interest: a.checkedIn ? nth(INTERESTS, 3, 'interest') : '',
    });
  }
  for (const user of chosen) {
    const role = roleOf(user);
    const menuId = rng.pick(menu).id;
    let status: TicketPlan['status'] = 'valid';
    let invalid = false;
    if (role === 'visitor') {
      const [type, factor] = rng.weighted(types.map((x) => [x, x[2]] as const));
      status = rng.chance(0.03) ? 'cancelled' : 'valid';
      invalid = status === 'valid' && rng.chance(0.01);
      issue(user, type, Math.round(t.minPrice * factor), menuId, status, invalid);
    } else {
      issue(user, STAFF_TICKETS[role], 0, menuId);
    }
    const checked = status === 'valid' && !invalid && (role !== 'visitor' || rng.chance(checkinChance));
    participants.push({
      user,
      role,
      menu_id: menuId,
      is_owner: false,
      is_moderator: role === 'organizer' && organizers[0] === user,
      is_favorite: rng.chance(0.2),
      checked_in: checked,
      checked_in_at: checked ? beforeNow(checkinFrom, ends_at) : null,
      viewed_at: rng.chance(0.5) ? beforeNow(created_at, ends_at) : null,
      about: rng.chance(0.3)
        ? rng.pick(['Here for the networking', 'First time at this event', 'Speaking next year, hopefully', 'Happy to talk about hiring'])
        : '',
      interest: rng.chance(0.3) ? rng.pick(INTERESTS) : '',
    });
  }
  // People who only starred or looked at the event: they count as favorites, not as participants.
  for (const user of others.slice(0, Math.round(t.participants * 0.1))) {
    participants.push({
      user,
      role: 'visitor',
      menu_id: null,
      is_owner: false,
      is_moderator: false,
      is_favorite: rng.chance(0.7),
      checked_in: false,
      checked_in_at: null,
      viewed_at: beforeNow(created_at, ends_at),
      about: '',
      interest: '',
    });
  }

  const trips = t.online
    ? []
    : participants
        .filter((p) => {
          if (!p.checked_in) return false;
          const u = nth(ctx.users, p.user, 'user');
          return u.trip_status > 0 && u.city_id !== t.cityId && rng.chance(0.5);
        })
        .map((p) => ({
          user: p.user,
          hotel: rng.chance(0.8) ? rng.pick(HOTELS) : '',
          transport_before: `${rng.pick(TRANSPORT)} from ${CITIES.find((c) => c.id === nth(ctx.users, p.user, 'user').city_id)?.name ?? 'home'}`,
          transport_after: rng.chance(0.7) ? `${rng.pick(TRANSPORT)} back home` : '',
        }));

  return {
    name: t.name,
    category_id: t.categoryId,
    city_id: t.cityId,
    starts_at,
    ends_at,
    timezone: t.timezone,
    is_webinar: t.online,
    webinar_link: t.online ? `/live/${slug(t.name, '-')}` : '',
    video_type: t.online ? 1 : 0,
    where_text: t.online ? 'Online' : `${city?.name ?? ''}, ${t.placeName}`,
    address: t.placeAddress,
    // A small meetup shares its address with ticket holders only.
    place_public: t.minPrice > 0 || t.online,
    place_name: t.placeName,
    place_address: t.placeAddress,
    description: t.description.join('\n\n'),
    ticket_min_price: t.minPrice,
    currency: t.currency,
    is_free: t.minPrice === 0,
    menu,
    created_at,
    organiser: t.organiser,
    days,
    tracks: schedule(rng, t, days, speakers, owner),
    stands: stands(rng, t.stands, standMembers, manager),
    participants,
    tickets,
    meeting: {
      slot_minutes: 15,
      tables_count: t.online ? 0 : 10,
      places: t.online ? {} : APPOINTMENT_PLACES,
      allowed_times: allowedTimes(days, t.timezone),
    },
    design: design(t, menu),
    appointments: [],
    comments: [],
    blocks: [],
    trips,
  };
}
