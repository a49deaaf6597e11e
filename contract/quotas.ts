import { Type, type Static } from '@sinclair/typebox';

/**
 * Quotas shared across ticket types (issue 30), as pretix's quotas: "Hall, 500" holds early-bird and
 * regular tickets together, so a sale of either counts against its own type's limit and against the
 * hall. A type is in at most one shared quota; the quota names its types, as a promo code does. The
 * organiser's form and the server check the fields with the same function here.
 */

export const SHARED_QUOTA_LIMITS = {
  name: 100,
  maxSize: 1_000_000,
  /** Types one quota may hold; more than an event has in practice. */
  maxTypes: 100,
} as const;

export const SharedQuotaFields = Type.Object(
  {
    name: Type.String({ maxLength: SHARED_QUOTA_LIMITS.name + 20 }),
    /** How many tickets its types may sell together (pending and paid orders). */
    size: Type.Integer({ minimum: 1, maximum: SHARED_QUOTA_LIMITS.maxSize }),
    type_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: SHARED_QUOTA_LIMITS.maxTypes }),
  },
  { additionalProperties: false },
);
export type SharedQuotaFields = Static<typeof SharedQuotaFields>;
export type SharedQuotaFieldName = keyof SharedQuotaFields;
/** In the schema's order (tests/unit/contract-field-lists.test.ts keeps the two the same). */
export const SHARED_QUOTA_FIELD_NAMES: readonly SharedQuotaFieldName[] = ['name', 'size', 'type_ids'];

/** Creates a quota (no quota_id) or replaces every field of one. */
export const SharedQuotaSavePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), quota_id: Type.Optional(Type.Integer({ minimum: 1 })), fields: SharedQuotaFields },
  { additionalProperties: false },
);
/** Removes a quota: its types keep only their own limits. */
export const SharedQuotaDeletePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), quota_id: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** A quota as the organisers' copy of the event carries it; how many are taken is asked of the server. */
export const AdminSharedQuota = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  size: Type.Integer(),
  type_ids: Type.Array(Type.Integer()),
});
export type AdminSharedQuota = Static<typeof AdminSharedQuota>;

/** What is wrong with a field, as the key the form translates (`sales.quotas.fieldErrors.<problem>`). */
export type SharedQuotaProblem = 'required' | 'too_long' | 'no_types' | 'unknown_type' | 'in_other_quota' | 'below_taken';

export function normaliseSharedQuota(f: SharedQuotaFields): SharedQuotaFields {
  return { ...f, name: f.name.trim(), type_ids: [...new Set(f.type_ids)].sort((a, b) => a - b) };
}

/**
 * The rules of a shared quota, the same on the form and on the server: a name, at least one of the
 * event's types, none of them in another quota, and (known to the server only) no fewer places than
 * its types already hold. `elsewhere` maps a type to the other quota it is in.
 */
export function checkSharedQuota(
  raw: SharedQuotaFields,
  typeIds: readonly number[],
  elsewhere: ReadonlyMap<number, number> = new Map(),
  taken = 0,
): Partial<Record<SharedQuotaFieldName, SharedQuotaProblem>> {
  const f = normaliseSharedQuota(raw);
  const out: Partial<Record<SharedQuotaFieldName, SharedQuotaProblem>> = {};
  if (!/[\p{L}\p{N}]/u.test(f.name)) out.name = 'required';
  else if (f.name.length > SHARED_QUOTA_LIMITS.name) out.name = 'too_long';
  if (f.type_ids.length === 0) out.type_ids = 'no_types';
  else if (f.type_ids.some((id) => !typeIds.includes(id))) out.type_ids = 'unknown_type';
  else if (f.type_ids.some((id) => elsewhere.has(id))) out.type_ids = 'in_other_quota';
  if (f.size < taken) out.size = 'below_taken';
  return out;
}

export function blankSharedQuota(): SharedQuotaFields {
  return { name: '', size: 100, type_ids: [] };
}

export function fieldsOfSharedQuota(q: AdminSharedQuota): SharedQuotaFields {
  return { name: q.name, size: q.size, type_ids: q.type_ids };
}

/** The refusals of shared quotas, each on its field. */
export const SHARED_QUOTA_ERROR_CODES = {
  shared_quota_not_found: { legacyStatus: 404 },
  shared_quota_name: { legacyStatus: 400 },
  shared_quota_no_types: { legacyStatus: 400 },
  shared_quota_unknown_type: { legacyStatus: 400 },
  // The type is in another of the event's shared quotas already.
  shared_quota_type_taken: { legacyStatus: 409 },
  // Its types' pending and paid orders hold more tickets than that.
  shared_quota_below_taken: { legacyStatus: 400 },
} as const;
