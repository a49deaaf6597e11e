import type { CategoriesSetPayload, MeetingSettingsFields, MeetingsSetPayload } from '../../../contract/admin-meetings.ts';
import { sortWindows } from '../../../contract/admin-meetings.ts';
import type { EventDoc } from '../../../contract/entities.ts';
import { isInFlight, isStopped, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The organisers' meeting settings on the device (src/features/admin/meetings): what the event
 * document carries (hours, slot length, tables, places; the menu of visitor categories), with the
 * user's queued changes on top, the last one winning, so a change made offline shows at once.
 */

export interface MeetingsRefusal {
  id: string;
  kind: 'meetings.settings.set' | 'meetings.categories.set';
  code: string;
  /** The refused command's payload, so the organiser can send it again with another choice. */
  payload: MeetingsSetPayload | CategoriesSetPayload;
}

export interface AdminMeetingsView {
  settings: MeetingSettingsFields;
  categories: { id: number; name: string }[];
  settingsPending: boolean;
  categoriesPending: boolean;
  refused: MeetingsRefusal[];
}

/** The settings form's fields from the event document: the area's tables are those no place holds. */
export function meetingFieldsOf(event: Pick<EventDoc, 'meeting'>): MeetingSettingsFields {
  const m = event.meeting;
  const inPlaces = m.places.reduce((n, p) => n + p.tables, 0);
  return {
    slot_minutes: m.slot_minutes,
    tables: Math.max(0, m.tables_count - inPlaces),
    windows: sortWindows(m.allowed_times),
    places: m.places.map((p) => ({ id: p.id, label: p.label, tables: p.tables })),
  };
}

export function meetingsEditorView(
  event: Pick<EventDoc, 'event_id' | 'meeting' | 'options'>,
  commands: readonly (QueuedCommand & { code?: string })[],
): AdminMeetingsView {
  let settings = meetingFieldsOf(event);
  let categories = event.options.menu.map((m) => ({ id: m.id, name: m.name }));
  let settingsPending = false;
  let categoriesPending = false;
  const refused: MeetingsRefusal[] = [];
  const mine = commands
    .filter((c) => (c.kind === 'meetings.settings.set' || c.kind === 'meetings.categories.set') && c.payload.event_id === event.event_id)
    .sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const c of mine) {
    const kind = c.kind as MeetingsRefusal['kind'];
    if (isStopped(c.status)) {
      refused.push({ id: c.id, kind, code: c.code ?? 'unknown_error', payload: c.payload as unknown as MeetingsRefusal['payload'] });
      continue;
    }
    if (!isInFlight(c)) continue;
    if (kind === 'meetings.settings.set') {
      settings = (c.payload as unknown as MeetingsSetPayload).settings;
      settingsPending = true;
    } else {
      // A new category gets its id from the server; until then it shows without one (id 0).
      categories = (c.payload as unknown as CategoriesSetPayload).categories.map((x) => ({ id: x.id ?? 0, name: x.name }));
      categoriesPending = true;
    }
  }
  return { settings, categories, settingsPending, categoriesPending, refused };
}
