import type { ClientRef } from '../../../contract/admin-refs.ts';
import type { ScheduleOutline, SpeakerInput, SpeechFields } from '../../../contract/admin-schedule.ts';
import type { ScheduleDoc } from '../../../contract/schedule.ts';
import { isInFlight, isStopped, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The organisers' schedule editor on the device (src/features/admin/schedule): the event's days
 * and tracks from the organisers' copy of the event document (empty ones included), its speeches
 * from the `schedule` collection, and the user's queued schedule commands laid over both in queue
 * order, so what was done offline shows at once. A track or speech made offline is keyed by the
 * command that made it (`c…`) until the server sends it back carrying that command id.
 */

export type EditorSpeaker =
  | { kind: 'user'; user_id: number; name: string; avatar: string }
  /** A Foyer user named by email in a queued change; the server puts the name in. */
  | { kind: 'email'; email: string }
  | { kind: 'guest'; name: string; picture: string };

export interface EditorTrack {
  key: string;
  ref: ClientRef;
  title: string;
  pending: boolean;
}

export interface EditorSpeech {
  key: string;
  ref: ClientRef;
  trackKey: string;
  title: string;
  description: string;
  starts_at: number;
  ends_at: number;
  presentation_url: string;
  speakers: EditorSpeaker[];
  pending: boolean;
}

export interface EditorDay {
  date: string;
  title: string;
  /** Declared by the organisers (a date that only has speeches is not). */
  declared: boolean;
  pending: boolean;
}

/** A schedule change the server refused, kept until the organiser lets it go. */
export interface ScheduleRefusal {
  id: string;
  kind: string;
  code: string;
  /** What it was about: a speech's or track's title, or a day's date. */
  subject: string;
}

export interface AdminScheduleView {
  days: EditorDay[];
  tracks: EditorTrack[];
  speeches: EditorSpeech[];
  refused: ScheduleRefusal[];
  pending: boolean;
}

type Cmd = QueuedCommand & { code?: string };

const speakerOf = (s: ScheduleDoc['speakers'][number]): EditorSpeaker =>
  s.user_id > 0 ? { kind: 'user', user_id: s.user_id, name: s.name, avatar: s.avatar } : { kind: 'guest', name: s.name, picture: s.avatar };

/** The speakers a queued change names, with the names the device already knows. */
function queuedSpeakers(list: readonly SpeakerInput[], known: readonly EditorSpeaker[]): EditorSpeaker[] {
  return list.map((s): EditorSpeaker => {
    if ('user_id' in s) {
      const k = known.find((x) => x.kind === 'user' && x.user_id === s.user_id);
      return k ?? { kind: 'user', user_id: s.user_id, name: '', avatar: '' };
    }
    if ('email' in s) return { kind: 'email', email: s.email };
    return { kind: 'guest', name: s.name, picture: s.picture };
  });
}

/** How a command names the speakers of a speech, from what the editor shows. */
export function speakerInputs(list: readonly EditorSpeaker[]): SpeakerInput[] {
  return list.map((s) => (s.kind === 'user' ? { user_id: s.user_id } : s.kind === 'email' ? { email: s.email } : { name: s.name, picture: s.picture }));
}

/** A talk as the server has it, before anything queued on the device. */
function editorSpeech(d: ScheduleDoc): EditorSpeech {
  return {
    key: `s${d.speech_id}`,
    ref: { id: d.speech_id },
    trackKey: `t${d.track_id}`,
    title: d.title,
    description: d.description,
    starts_at: d.starts_at,
    ends_at: d.ends_at,
    presentation_url: d.presentation_url,
    speakers: d.speakers.map(speakerOf),
    pending: false,
  };
}

export function scheduleEditorView(eventId: number, outline: ScheduleOutline, docs: readonly ScheduleDoc[], commands: readonly Cmd[]): AdminScheduleView {
  const days = new Map<string, EditorDay>();
  for (const d of outline.days) days.set(d.date, { date: d.date, title: d.title, declared: true, pending: false });
  let tracks: EditorTrack[] = outline.tracks.map((t) => ({ key: `t${t.id}`, ref: { id: t.id }, title: t.title, pending: false }));
  const trackByClient = new Map(outline.tracks.filter((t) => t.client_id).map((t) => [t.client_id, `t${t.id}`]));
  const speechByClient = new Map(docs.filter((d) => d.client_id).map((d) => [d.client_id, `s${d.speech_id}`]));
  let speeches: EditorSpeech[] = docs.filter((d) => !(d as { deleted?: boolean }).deleted).map(editorSpeech);
  const trackKey = (ref: ClientRef) => ('id' in ref ? `t${ref.id}` : (trackByClient.get(ref.client_id) ?? `c${ref.client_id}`));
  const speechKey = (ref: ClientRef) => ('id' in ref ? `s${ref.id}` : (speechByClient.get(ref.client_id) ?? `c${ref.client_id}`));

  const refused: ScheduleRefusal[] = [];
  let pending = false;
  const mine = commands.filter((c) => c.kind.startsWith('schedule.') && c.payload.event_id === eventId).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const c of mine) {
    const p = c.payload as Record<string, unknown>;
    if (isStopped(c.status)) {
      const fields = p.fields as SpeechFields | undefined;
      refused.push({ id: c.id, kind: c.kind, code: c.code ?? 'unknown_error', subject: String(fields?.title ?? p.title ?? p.date ?? '') });
      continue;
    }
    if (!isInFlight(c)) continue;
    pending = true;
    switch (c.kind) {
      case 'schedule.day.set': {
        const date = String(p.date);
        days.set(date, { date, title: String(p.title ?? '').trim(), declared: true, pending: true });
        break;
      }
      case 'schedule.day.remove':
        days.delete(String(p.date));
        break;
      case 'schedule.track.set': {
        const title = String(p.title ?? '').trim();
        if (p.track) {
          const key = trackKey(p.track as ClientRef);
          tracks = tracks.map((t) => (t.key === key ? { ...t, title, pending: true } : t));
        } else if (!trackByClient.has(c.id)) {
          tracks.push({ key: `c${c.id}`, ref: { client_id: c.id }, title, pending: true });
        }
        break;
      }
      case 'schedule.track.remove': {
        const key = trackKey(p.track as ClientRef);
        tracks = tracks.filter((t) => t.key !== key);
        break;
      }
      case 'schedule.track.order': {
        const keys = (p.tracks as ClientRef[]).map(trackKey);
        const first = keys.map((k) => tracks.find((t) => t.key === k)).filter((t): t is EditorTrack => t !== undefined);
        tracks = [...first, ...tracks.filter((t) => !keys.includes(t.key))].map((t) => (keys.includes(t.key) ? { ...t, pending: true } : t));
        break;
      }
      case 'schedule.speech.set': {
        const f = p.fields as SpeechFields;
        const key = p.speech ? speechKey(p.speech as ClientRef) : (speechByClient.get(c.id) ?? `c${c.id}`);
        const before = speeches.find((s) => s.key === key);
        const next: EditorSpeech = {
          key,
          ref: before?.ref ?? (p.speech as ClientRef | undefined) ?? { client_id: c.id },
          trackKey: trackKey(f.track),
          title: f.title.trim(),
          description: f.description,
          starts_at: f.starts_at,
          ends_at: f.ends_at,
          presentation_url: f.presentation_url,
          speakers: queuedSpeakers(f.speakers, before?.speakers ?? []),
          pending: true,
        };
        speeches = before ? speeches.map((s) => (s.key === key ? next : s)) : [...speeches, next];
        break;
      }
      case 'schedule.speech.remove': {
        const key = speechKey(p.speech as ClientRef);
        speeches = speeches.filter((s) => s.key !== key);
        break;
      }
      default:
        break;
    }
  }
  const liveTracks = new Set(tracks.map((t) => t.key));
  return {
    days: [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    tracks,
    speeches: speeches.filter((s) => liveTracks.has(s.trackKey)).sort((a, b) => a.starts_at - b.starts_at || a.ends_at - b.ends_at),
    refused,
    pending,
  };
}
