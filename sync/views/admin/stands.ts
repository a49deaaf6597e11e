import type { ClientRef } from '../../../contract/admin-refs.ts';
import {
  standPictures,
  type StandFields,
  type StandMemberRemovePayload,
  type StandMemberSetPayload,
  type StandSetPayload,
} from '../../../contract/admin-stands.ts';
import type { CompanyDoc } from '../../../contract/companies.ts';
import { isInFlight, isStopped, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The stands an organiser or a stand manager edits (src/features/admin/stands), from the event's
 * `companies` documents on the device with the user's queued stand commands on top, in queue
 * order. A stand made offline is keyed by the command that made it (`c…`) until the server sends
 * it back carrying that command id, so it never shows twice.
 */

export interface EditorMember {
  /** null for somebody named by email in a queued change, whom the server has not resolved yet. */
  user_id: number | null;
  email: string;
  name: string;
  position: string;
  is_manager: boolean;
  hidden: boolean;
  pending: boolean;
}

export interface EditorStand {
  key: string;
  /** For a stand made on this device: the key it had while queued (`c…`), so an open editor keeps it. */
  clientKey: string;
  ref: ClientRef;
  stand_id: number | null;
  fields: StandFields;
  members: EditorMember[];
  /** What lists show: the small logo or the picture; '' for the drawn placeholder. */
  logo: string;
  pending: boolean;
}

export interface StandRefusal {
  id: string;
  kind: string;
  code: string;
  subject: string;
}

export interface AdminStandsView {
  stands: EditorStand[];
  refused: StandRefusal[];
}

type Cmd = QueuedCommand & { code?: string };

function fromDoc(d: CompanyDoc): EditorStand {
  const pictures = standPictures(d);
  return {
    key: `s${d.stand_id}`,
    clientKey: d.client_id ? `c${d.client_id}` : '',
    ref: { id: d.stand_id },
    stand_id: d.stand_id,
    fields: {
      name: d.name,
      location: d.location,
      link: d.link,
      description: d.description,
      phone: d.phone,
      email: d.email,
      logo: pictures.logo,
      picture: pictures.picture,
    },
    members: d.members.map((m) => ({
      user_id: m.user_id,
      email: '',
      name: `${m.first_name} ${m.last_name}`.trim(),
      position: m.position,
      is_manager: m.is_manager,
      hidden: m.hidden,
      pending: false,
    })),
    logo: d.image_thumb || d.image,
    pending: false,
  };
}

/** Finds the stand an editor opened by either key. */
export function findStand(view: AdminStandsView, key: string): EditorStand | undefined {
  return view.stands.find((s) => s.key === key || s.clientKey === key);
}

export function standsEditorView(eventId: number, docs: readonly CompanyDoc[], commands: readonly Cmd[]): AdminStandsView {
  let stands = docs.map(fromDoc);
  // A ref by command id names the server's stand once it carries that id.
  const keyOf = (ref: ClientRef): string => {
    if ('id' in ref) return `s${ref.id}`;
    const made = stands.find((s) => s.clientKey === `c${ref.client_id}`);
    return made ? made.key : `c${ref.client_id}`;
  };
  const refused: StandRefusal[] = [];
  const mine = commands.filter((c) => c.kind.startsWith('stand.') && c.payload.event_id === eventId).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  const nameOf = (ref: ClientRef) => stands.find((s) => s.key === keyOf(ref))?.fields.name ?? '';
  for (const c of mine) {
    if (isStopped(c.status)) {
      const p = c.payload as Record<string, unknown>;
      const subject = (p.fields as StandFields | undefined)?.name ?? (p.stand ? nameOf(p.stand as ClientRef) : '');
      refused.push({ id: c.id, kind: c.kind, code: c.code ?? 'unknown_error', subject });
      continue;
    }
    if (!isInFlight(c)) continue;
    const edit = <T>(ref: ClientRef, fn: (s: EditorStand, p: T) => EditorStand, p: T) => {
      const key = keyOf(ref);
      stands = stands.map((s) => (s.key === key ? { ...fn(s, p), pending: true } : s));
    };
    switch (c.kind) {
      case 'stand.set': {
        const p = c.payload as unknown as StandSetPayload;
        if (p.stand) edit(p.stand, (s, f: StandFields) => ({ ...s, fields: f, logo: f.logo || f.picture }), p.fields);
        else if (!stands.some((s) => s.clientKey === `c${c.id}`)) {
          stands.push({
            key: `c${c.id}`,
            clientKey: `c${c.id}`,
            ref: { client_id: c.id },
            stand_id: null,
            fields: p.fields,
            members: [],
            logo: p.fields.logo,
            pending: true,
          });
        }
        break;
      }
      case 'stand.remove': {
        const key = keyOf((c.payload as { stand: ClientRef }).stand);
        stands = stands.filter((s) => s.key !== key);
        break;
      }
      case 'stand.member.set': {
        const p = c.payload as unknown as StandMemberSetPayload;
        edit(
          p.stand,
          (s, q: StandMemberSetPayload) => {
            const same = (m: EditorMember) => ('user_id' in q.who ? m.user_id === q.who.user_id : m.email.toLowerCase() === q.who.email.toLowerCase());
            const before = s.members.find(same);
            const next: EditorMember = {
              user_id: 'user_id' in q.who ? q.who.user_id : null,
              email: 'email' in q.who ? q.who.email : (before?.email ?? ''),
              name: before?.name ?? '',
              position: q.position,
              is_manager: q.is_manager,
              hidden: before?.hidden ?? false,
              pending: true,
            };
            return { ...s, members: before ? s.members.map((m) => (m === before ? next : m)) : [...s.members, next] };
          },
          p,
        );
        break;
      }
      case 'stand.member.remove': {
        const p = c.payload as unknown as StandMemberRemovePayload;
        edit(p.stand, (s, q: StandMemberRemovePayload) => ({ ...s, members: s.members.filter((m) => m.user_id !== q.user_id) }), p);
        break;
      }
      default:
        break;
    }
  }
  return { stands, refused };
}
