import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/constants.ts';
import { clockTimeWithSeconds, isoDay, utcClock, wallClock } from '../../../contract/time.ts';
import en from '../../../locales/en.json';
import pl from '../../../locales/pl.json';
import ru from '../../../locales/ru.json';
import uk from '../../../locales/uk.json';
import type { FeedEventRow, FeedMeetingRow, FeedSpeechRow } from './repository.ts';

/**
 * The personal calendar feed as iCalendar (RFC 5545), made with ical-generator. Calendar apps poll
 * the address and replace what they hold with what it answers, so:
 *
 * - every entry keeps one UID for its whole life (`meeting-<id>@<host>`, `event-…`, `speech-…`),
 *   so a moved meeting moves in the calendar instead of appearing twice;
 * - SEQUENCE is the row's change-feed rev, which only grows, so apps that compare it (Apple,
 *   Outlook) take the newer version;
 * - a rejected or cancelled meeting, a cancelled or removed event and a removed speech stay in the
 *   feed with STATUS:CANCELLED, so a copy imported earlier is cancelled too, not left standing;
 * - times are written in the event's own zone (TZID) with its VTIMEZONE from the IANA data of
 *   timezones-ical-library, so the entry shows at the event's moment whatever zone the reader's
 *   calendar is in; a zone it does not know is written in UTC, which is always right.
 */

type Words = (typeof en)['calendar']['feed'];
const WORDS: Record<Locale, Words> = { en: en.calendar.feed, uk: uk.calendar.feed, ru: ru.calendar.feed, pl: pl.calendar.feed };

export function feedLocale(lang: string | null | undefined): Locale {
  const l = (lang ?? '').slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : DEFAULT_LOCALE;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

let known: Set<string> | null = null;
/** The zones timezones-ical-library can describe (it prints an error for any other). */
function knownZone(tz: string): boolean {
  known ??= new Set(tzlib_get_timezones(false) as string[]);
  return known.has(tz);
}

const vtimezones = new Map<string, string | null>();
/** The zone's VTIMEZONE block, built once per zone for the process's life (the IANA data ships with it). */
function vtimezone(tz: string): string | null {
  let block = vtimezones.get(tz);
  if (block === undefined) {
    const made = knownZone(tz) ? tzlib_get_ical_block(tz, false) : null;
    block = Array.isArray(made) && made[0] ? made[0] : null;
    vtimezones.set(tz, block);
  }
  return block;
}

/** The event's zone when it can be described, else none (UTC). */
function zoneOf(tz: string): string | null {
  return tz && tz !== 'UTC' && vtimezone(tz) ? tz : null;
}

export interface FeedInput {
  meetings: readonly FeedMeetingRow[];
  events: readonly FeedEventRow[];
  speeches: readonly FeedSpeechRow[];
  lang: Locale;
  /** PUBLIC_URL: where the entries link back to, and the host of their UIDs. */
  publicUrl: string;
  now: Date;
}

/**
 * A moment as ical-generator writes it: its wall-clock date and time in `tz` (or UTC). ical-generator
 * formats a date library's object by asking it for `tz(zone)` and `format('YYYYMMDD' | 'HHmmss')`;
 * a plain Date it would write in the server process's own zone. dayjs did the job at about 0.16 ms
 * a conversion, which made a busy person's feed take half a second (bench:personal-feeds); this is
 * contract/time.ts's clock, one cached Intl formatter per zone.
 */
function at(d: Date, tz: string | null): WallTime {
  const w = tz ? wallClock(d.getTime(), tz) : utcClock(d.getTime());
  return new WallTime(d, isoDay(w).replaceAll('-', ''), clockTimeWithSeconds(w).replaceAll(':', ''));
}

/** The few methods of a date library's object that ical-generator calls (see `at`). */
class WallTime {
  constructor(
    private readonly instant: Date,
    private readonly day: string,
    private readonly time: string,
  ) {}
  isValid(): boolean {
    return !Number.isNaN(this.instant.getTime());
  }
  /** Already on the event's clock. */
  tz(): WallTime {
    return this;
  }
  utc(): WallTime {
    return this;
  }
  format(pattern: string): string {
    return pattern === 'YYYYMMDD' ? this.day : pattern === 'HHmmss' ? this.time : this.instant.toISOString();
  }
  toDate(): Date {
    return this.instant;
  }
  toJSON(): string {
    return this.instant.toISOString();
  }
}

export function buildCalendarFeed(input: FeedInput): string {
  const w = WORDS[input.lang];
  const host = new URL(input.publicUrl).host;
  const app = (path: string) => `${input.publicUrl}/${input.lang}${path}`;
  const cal = ical({
    prodId: { company: 'Foyer', product: 'Calendar', language: input.lang.toUpperCase() },
    name: w.name,
    method: ICalCalendarMethod.PUBLISH,
    // How often apps that read it (Outlook, Thunderbird) should fetch it again.
    ttl: 60 * 60,
  });
  cal.timezone({ name: '', generator: (tz) => vtimezone(tz) });

  for (const m of input.meetings) {
    const tz = zoneOf(m.timezone);
    const name = `${m.other_first_name} ${m.other_last_name}`.trim() || w.someone;
    const status = m.response === 1 ? ICalEventStatus.CONFIRMED : m.response === 3 ? ICalEventStatus.CANCELLED : ICalEventStatus.TENTATIVE;
    const place = m.is_webinar ? w.online : m.table_num ? fill(w.table, { n: m.table_num }) : m.where_text;
    const details = [m.event_name, m.response === null ? w.pending : '', m.comment].filter(Boolean).join('\n');
    const common = {
      id: `meeting-${m.id}@${host}`,
      sequence: Number(m.rev),
      stamp: input.now,
      lastModified: m.updated_at,
      summary: fill(w.meetingWith, { name }),
      description: details,
      location: place || undefined,
      url: app(`/profile/mymeeting?event_id=${m.event_id}`),
      status,
    };
    if (m.starts_at && m.ends_at) {
      cal.createEvent({ ...common, start: at(m.starts_at, tz), end: at(m.ends_at, tz), timezone: tz });
    } else {
      // Any time on that day: an all-day entry that does not block the day.
      const day = new Date(`${m.date}T00:00:00Z`);
      cal.createEvent({
        ...common,
        start: at(day, null),
        end: at(new Date(day.getTime() + 86_400_000), null),
        allDay: true,
        transparency: ICalEventTransparency.TRANSPARENT,
      });
    }
  }

  for (const e of input.events) {
    const tz = zoneOf(e.timezone);
    const gone = e.deleted || e.status === 'cancelled';
    const where = e.is_webinar ? w.online : e.place_public ? [e.place_name, e.place_address].filter(Boolean).join(', ') : '';
    cal.createEvent({
      id: `event-${e.id}@${host}`,
      sequence: Number(e.rev),
      stamp: input.now,
      start: at(e.starts_at, tz),
      end: at(e.ends_at, tz),
      timezone: tz,
      summary: e.name,
      description: e.description,
      location: where || undefined,
      url: app(`/events/${e.id}`),
      status: gone ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // A conference spans days; the meetings and talks inside it are what makes one busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }

  for (const s of input.speeches) {
    const tz = zoneOf(s.timezone);
    cal.createEvent({
      id: `speech-${s.id}@${host}`,
      sequence: Number(s.rev),
      stamp: input.now,
      start: at(s.starts_at, tz),
      end: at(s.ends_at, tz),
      timezone: tz,
      summary: s.title,
      description: [s.track_title ? `${s.event_name} · ${s.track_title}` : s.event_name, s.description].filter(Boolean).join('\n'),
      url: app(`/events/${s.event_id}/live-translation/stage`),
      status: s.deleted || s.event_gone ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
