import { map, type Observable } from 'rxjs';
import { fieldsOfPromo, type PromoCodeFields } from '../../../contract/promo.ts';
import { fieldsOfSharedQuota, type SharedQuotaFields } from '../../../contract/quotas.ts';
import { fieldsOfType, type SalesSettingsFields, type TicketTypeFields } from '../../../contract/sales.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { isInFlight, isStopped, type EventView, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The organiser's ticket types and payment settings on the device (src/features/admin/tickets):
 * the organisers' copy of the event document (`admin.sales`) with the user's queued commands laid
 * over it in queue order, so a type added or changed offline shows at once, marked as waiting, and
 * a refused one stays on screen with its reason until the organiser dismisses it.
 */

export const SALES_KINDS = [
  'ticket_type.save',
  'ticket_type.delete',
  'ticket_type.new_link',
  'ticket_sales.settings',
  'promo_code.save',
  'ticket_quota.save',
  'ticket_quota.delete',
] as const;

export interface AdminTypeView {
  /** The type's id; null for a type added on this device that the server has not sent back yet. */
  id: number | null;
  /** Stable React key: the id, or `local:<command id>`. */
  key: string;
  fields: TicketTypeFields;
  soldOut: boolean;
  /** The key of the type's private link ('' for a type the server has not sent back yet). */
  accessKey: string;
  /** A new link was asked for and waits for the server: the old key shown would soon stop working. */
  linkPending: boolean;
  /** A queued change of this type waits for the server. */
  pending: boolean;
  /** The latest refused change of this type: its code and the command to dismiss. */
  refused: { code: string; commandId: string } | null;
}

export interface AdminPromoView {
  /** The code's id; null for one added on this device that the server has not sent back yet. */
  id: number | null;
  key: string;
  fields: PromoCodeFields;
  pending: boolean;
  refused: { code: string; commandId: string } | null;
}

export interface AdminQuotaView {
  /** The quota's id; null for one added on this device that the server has not sent back yet. */
  id: number | null;
  key: string;
  fields: SharedQuotaFields;
  pending: boolean;
  refused: { code: string; commandId: string } | null;
}

export interface SalesAdminView {
  currency: string;
  settings: SalesSettingsFields;
  settingsPending: boolean;
  settingsRefused: { code: string; commandId: string } | null;
  types: AdminTypeView[];
  promoCodes: AdminPromoView[];
  quotas: AdminQuotaView[];
}

type Queued = QueuedCommand & { code?: string };

const refusal = (c: Queued) => ({ code: c.code ?? 'unknown_error', commandId: c.id });

export function salesAdminView(event: EventView, commands: readonly Queued[]): SalesAdminView {
  const sales = event.admin.sales;
  let settings: SalesSettingsFields = {
    currency: (event.sales.currency || 'UAH') as SalesSettingsFields['currency'],
    transfer_enabled: sales.transfer_enabled,
    transfer_instructions: sales.transfer_instructions,
    transfer_hours: sales.transfer_hours,
    card_enabled: sales.card_enabled,
    edit_hours: sales.edit_hours,
    paid_cancel: sales.paid_cancel,
  };
  let settingsPending = false;
  let settingsRefused: SalesAdminView['settingsRefused'] = null;
  const types = new Map<string, AdminTypeView>(
    sales.types.map((t) => [
      String(t.id),
      {
        id: t.id,
        key: String(t.id),
        fields: fieldsOfType(t),
        soldOut: t.sold_out,
        accessKey: t.access_key,
        linkPending: false,
        pending: false,
        refused: null,
      },
    ]),
  );
  const mine = commands
    .filter((c) => (SALES_KINDS as readonly string[]).includes(c.kind) && c.payload.event_id === event.event_id)
    .sort((a, b) => a.seq - b.seq);
  const promos = new Map<string, AdminPromoView>(
    sales.promo_codes.map((p) => [String(p.id), { id: p.id, key: String(p.id), fields: fieldsOfPromo(p), pending: false, refused: null }]),
  );
  const quotas = new Map<string, AdminQuotaView>(
    (sales.quotas ?? []).map((x) => [String(x.id), { id: x.id, key: String(x.id), fields: fieldsOfSharedQuota(x), pending: false, refused: null }]),
  );
  for (const c of mine) {
    const stopped = isStopped(c.status);
    if (!stopped && !isInFlight(c)) continue;
    if (c.kind === 'ticket_quota.save' || c.kind === 'ticket_quota.delete') {
      overlayQuota(quotas, sales.quotas ?? [], c, stopped);
      continue;
    }
    if (c.kind === 'promo_code.save') {
      overlayPromo(promos, sales.promo_codes, c, stopped);
      continue;
    }
    if (c.kind === 'ticket_sales.settings') {
      if (stopped) settingsRefused = refusal(c);
      else {
        settings = c.payload.fields as SalesSettingsFields;
        settingsPending = true;
      }
      continue;
    }
    overlayType(types, sales.types, c, stopped);
  }
  const list = [...types.values()].sort((a, b) => a.fields.sort - b.fields.sort || (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER));
  return {
    currency: settings.currency,
    settings,
    settingsPending,
    settingsRefused,
    types: list,
    promoCodes: [...promos.values()],
    quotas: [...quotas.values()],
  };
}

/** A queued change of a ticket type laid over the server's types: a new link, a removal, an edit or a new type. */
function overlayType(types: Map<string, AdminTypeView>, server: readonly { name: string }[], c: Queued, stopped: boolean): void {
  const typeId = typeof c.payload.type_id === 'number' ? c.payload.type_id : null;
  if (c.kind === 'ticket_type.new_link') {
    const t = types.get(String(typeId));
    if (!t) return;
    // An applied entry lingers until the next complete pull, which brings the new key with it.
    if (stopped) t.refused = refusal(c);
    else if (c.status !== 'applied') t.linkPending = true;
    return;
  }
  if (c.kind === 'ticket_type.delete') {
    const t = types.get(String(typeId));
    if (!t) return;
    if (stopped) t.refused = refusal(c);
    else types.delete(String(typeId));
    return;
  }
  const fields = c.payload.fields as TicketTypeFields;
  if (typeId === null) {
    // Applied, and the server's copy already lists it: the outbox entry lingers until the next
    // complete pull (sync/engine/outbox.ts), and showing both would show the type twice.
    if (c.status === 'applied' && server.some((t) => t.name === fields.name.trim())) return;
    const key = `local:${c.id}`;
    types.set(key, { id: null, key, fields, soldOut: false, accessKey: '', linkPending: false, pending: !stopped, refused: stopped ? refusal(c) : null });
    return;
  }
  const t = types.get(String(typeId));
  if (!t) return;
  if (stopped) t.refused = refusal(c);
  else {
    t.fields = fields;
    t.pending = true;
  }
}

/** A queued promo code change laid over the server's codes, as a type's change is over the types. */
function overlayPromo(promos: Map<string, AdminPromoView>, server: readonly { code: string }[], c: Queued, stopped: boolean): void {
  const codeId = typeof c.payload.code_id === 'number' ? c.payload.code_id : null;
  const fields = c.payload.fields as PromoCodeFields;
  if (codeId === null) {
    // Applied and already in the server's copy: the outbox entry lingers until the next complete pull.
    if (c.status === 'applied' && server.some((p) => p.code === fields.code.trim().toUpperCase())) return;
    const key = `local:${c.id}`;
    promos.set(key, { id: null, key, fields, pending: !stopped, refused: stopped ? refusal(c) : null });
    return;
  }
  const p = promos.get(String(codeId));
  if (!p) return;
  if (stopped) p.refused = refusal(c);
  else {
    p.fields = fields;
    p.pending = true;
  }
}

/** A queued shared quota change laid over the server's quotas: a removal on its way hides it. */
function overlayQuota(quotas: Map<string, AdminQuotaView>, server: readonly { name: string }[], c: Queued, stopped: boolean): void {
  const quotaId = typeof c.payload.quota_id === 'number' ? c.payload.quota_id : null;
  if (c.kind === 'ticket_quota.delete') {
    const q = quotas.get(String(quotaId));
    if (!q) return;
    if (stopped) q.refused = refusal(c);
    else quotas.delete(String(quotaId));
    return;
  }
  const fields = c.payload.fields as SharedQuotaFields;
  if (quotaId === null) {
    // Applied and already in the server's copy: the outbox entry lingers until the next complete pull.
    if (c.status === 'applied' && server.some((x) => x.name === fields.name.trim())) return;
    const key = `local:${c.id}`;
    quotas.set(key, { id: null, key, fields, pending: !stopped, refused: stopped ? refusal(c) : null });
    return;
  }
  const q = quotas.get(String(quotaId));
  if (!q) return;
  if (stopped) q.refused = refusal(c);
  else {
    q.fields = fields;
    q.pending = true;
  }
}

/** The outbox entries of ticket sales, live. */
export function observeSalesCommands(db: FoyerDatabase): Observable<Queued[]> {
  return db.outbox.find({ selector: { kind: { $in: [...SALES_KINDS] } } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
}
