import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DEFAULT_LOCALE } from '../../../contract/constants.ts';
import { ProfilePatch, STATUS_TYPE_LABELS } from '../../../contract/visitors.ts';
import { updateProfile } from '../../domain/profile/service.ts';
import { ownFields } from '../../domain/profile/repository.ts';
import { findVisiblePerson, loadViewer } from '../../domain/visitors/repository.ts';
import { fail, ok } from '../envelope.ts';
import { Id, Lang, needUser } from './events-shared.ts';
import { legacyPage } from './visitors.ts';

/**
 * The profile calls of networking.md §7.
 *
 * - GET /api/profile/lite?user_id= (or id): a person as the viewer may see them, the visitor
 *   entity without event columns. The same visibility rule as the lists applies (a profile is a
 *   way to find people too): somebody hidden from the viewer is `not_found`, exactly like an
 *   unknown id, so hiding cannot be detected. Without an id it is the signed-in user's own
 *   profile, which adds the private fields only they see: email, birth_year and the four privacy
 *   switches. Guests get no phone or email of anyone.
 * - POST /api/profile/save: the fields of contract ProfilePatch (form or JSON), validated by the
 *   profile service; answers the saved profile as profile/lite does for oneself. Any other field
 *   (role, email, password, __proto__…) refuses the whole save with invalid_input. The privacy
 *   switches of the profile aside are fields of this call.
 * - GET /profile/getStatusTypes (no /api prefix, as the spec has it): the show_status map of
 *   value to label, in the language of `lang` (uk by default).
 */

const LiteQuery = Type.Object({ lang: Lang, user_id: Type.Optional(Id), id: Type.Optional(Id) });
const SaveBody = Type.Composite([ProfilePatch, Type.Object({ lang: Lang })], { additionalProperties: false });
const StatusTypesQuery = Type.Object({ lang: Lang });

export async function profileApi(app: FastifyInstance) {
  /** The signed-in user's own profile with the fields only they see. */
  const ownProfile = async (userId: number) => {
    const viewer = await loadViewer(app.db, userId);
    const row = await findVisiblePerson(app.db, viewer, userId);
    const own = await ownFields(app.db, userId);
    const [entity] = await legacyPage(app, viewer, row ? [row] : [], null, false);
    // Without a visible row (a removed account) the answer is the own fields alone, as it always was.
    return { ...entity, ...own, is_me: true };
  };

  app.get<{ Querystring: Static<typeof LiteQuery> }>('/api/profile/lite', { schema: { querystring: LiteQuery } }, async (request, reply) => {
    const targetId = request.query.user_id ?? request.query.id;
    if (targetId === undefined || targetId === request.user?.id) {
      const user = needUser(request, reply);
      if (!user) return reply;
      return ok(await ownProfile(user.id));
    }
    const viewer = await loadViewer(app.db, request.user?.id ?? null);
    const row = await findVisiblePerson(app.db, viewer, targetId);
    if (!row) return fail(reply, 'not_found');
    const [entity] = await legacyPage(app, viewer, [row], null, false);
    return ok({ ...entity, is_me: false });
  });

  // Fastify's validator drops unknown keys silently; a save that names a field the user may not
  // set (role, email, password…), at any depth, is refused instead, so a client never believes it
  // changed one.
  const refuseUnknown = async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasUnknownKeys(SaveBody, request.body)) return fail(reply, 'invalid_input', 'unknown field');
  };

  app.post<{ Body: Static<typeof SaveBody> }>('/api/profile/save', { schema: { body: SaveBody }, preValidation: refuseUnknown }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { lang: _lang, ...patch } = request.body;
    await app.writer.run((trx) => updateProfile(trx, user.id, patch));
    return ok(await ownProfile(user.id));
  });

  app.get<{ Querystring: Static<typeof StatusTypesQuery> }>('/profile/getStatusTypes', { schema: { querystring: StatusTypesQuery } }, async (request) => {
    const lang = request.query.lang;
    const known = lang !== undefined && Object.hasOwn(STATUS_TYPE_LABELS, lang);
    return ok(STATUS_TYPE_LABELS[known ? (lang as keyof typeof STATUS_TYPE_LABELS) : DEFAULT_LOCALE]);
  });
}

/** Whether a value carries a key its object schema (or any object member of a union) does not declare. */
export function hasUnknownKeys(schema: TSchema, value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const members = (schema.anyOf as TSchema[] | undefined) ?? [schema];
  const objects = members.filter((m) => m.type === 'object' && m.properties);
  if (!objects.length) return false;
  return objects.every((o) => {
    const props = o.properties as Record<string, TSchema>;
    return Object.keys(value).some((k) => {
      const child = Object.hasOwn(props, k) ? props[k] : undefined;
      return child === undefined || hasUnknownKeys(child, (value as Record<string, unknown>)[k]);
    });
  });
}
