import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  EndSessionsBody,
  ForgotBody,
  DeleteAccountBody,
  LangBody,
  RegisterBody,
  ResetBody,
  TokenBody,
} from '../../../contract/accounts.ts';
import { SESSION_COOKIE } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import { exportAccount, removeAccount, removeAccountFiles } from '../../domain/personal-data/removal.ts';
import { acceptAtSignUp as acceptInvitation, acceptInvitationsOf } from '../../domain/admin/invitation-links.ts';
import { claimTransfersOf } from '../../domain/ticket-holders/transfer.ts';
import {
  changePassword,
  checkEmail,
  checkNewPassword,
  checkSignUp,
  endSessions,
  forgotPassword,
  listSessions,
  openVerifyLink,
  requestEmailChange,
  resendVerification,
  resetPassword,
  signUp,
  undoEmailChange,
} from '../../domain/accounts/service.ts';
import { hashPassword, verifyPassword } from '../../domain/auth/passwords.ts';
import { createSession, digest } from '../../domain/auth/sessions.ts';
import { accountById } from '../../domain/accounts/repository.ts';
import { mailLocale } from '../../mail/texts.ts';
import { tooManyRequests } from '../../limits/index.ts';
import type { AccountLimitName } from '../../limits/accounts.ts';
import { hasUnknownKeys } from '../api/profile.ts';
import { fail, legacyErrorHandler, ok, requireUser } from '../envelope.ts';

/**
 * The account calls (issue 15), in the legacy envelope like the login: sign-up, the links sent by
 * email, password reset and change, email change, the devices list and deletion (the mobile app's
 * session handoff is handoff.ts). The rules are domain/accounts/service.ts's; this file checks input, counts budgets,
 * hashes passwords outside the write transaction and sends the mail after it.
 */

type Budget = { limit: AccountLimitName; ip?: string; email?: string; userId?: number };

/**
 * The checks the account calls share, bound to the app: the budgets of mails and links (answering
 * 429 when one is spent) and the current password under the login's guessing limits.
 */
function accountGuards(app: FastifyInstance) {
  const spend = async (request: FastifyRequest, reply: FastifyReply, budgets: Budget[]) => {
    const wait = await app.limits.accounts.take(budgets);
    if (wait === undefined) return true;
    tooManyRequests(request, reply, wait);
    return false;
  };

  /**
   * The current password, checked under the login's guessing limits (keyed by the account's
   * address), so a stolen session cannot be used to guess it any faster than a login could.
   */
  const checkCurrentPassword = async (request: FastifyRequest, reply: FastifyReply, userId: number, password: string) => {
    const account = await accountById(app.db, userId);
    if (!account) return false;
    const admission = await app.limits.login.admit(account.email.trim().toLowerCase(), request.ip);
    if (!admission.ok) {
      tooManyRequests(request, reply, admission.retryAfterMs);
      return false;
    }
    if (!(await verifyPassword(account.password_hash, password))) {
      await admission.attempt.failed();
      fail(reply, 'invalid_credentials', 'current_password');
      return false;
    }
    await admission.attempt.succeeded();
    return true;
  };
  return { spend, checkCurrentPassword };
}
type Guards = ReturnType<typeof accountGuards>;

const userAgent = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '');
type SetCookie = (reply: FastifyReply, token: string) => void;

export async function accountRoutes(app: FastifyInstance, opts: { setCookie: SetCookie }) {
  app.setErrorHandler(legacyErrorHandler);
  // Fastify's validator would drop unknown keys silently; a form that names a field these calls do
  // not take (role, verified…) is refused instead, so a client never believes it set one.
  app.addHook('preValidation', async (request, reply) => {
    const schema = request.routeOptions.schema?.body as TSchema | undefined;
    if (schema && hasUnknownKeys(schema, request.body)) return fail(reply, 'invalid_input', 'unknown field');
  });

  // The account mails are ordered by the services and sent by the write runner after the commit,
  // without the answer waiting on them (domain/accounts/mail.ts accountMailJob).
  const guards = accountGuards(app);
  signUpRoutes(app, guards);
  passwordRoutes(app, guards, opts.setCookie);
  emailRoutes(app, guards);
  accountDataRoutes(app, guards);
}

/** Sign-up and the verify link. */
function signUpRoutes(app: FastifyInstance, { spend }: Guards) {
  app.post<{ Body: Static<typeof RegisterBody> }>('/api/auth/register', { schema: { body: RegisterBody } }, async (request, reply) => {
    const input = checkSignUp(request.body);
    if (
      !(await spend(request, reply, [
        { limit: 'signup_address', ip: request.ip },
        { limit: 'signup_email', email: input.email },
      ]))
    )
      return reply;
    // Hashed for a taken address too, so both take the same time.
    const passwordHash = await hashPassword(request.body.password);
    const locale = mailLocale(request.body.lang);
    const invite = request.body.invite;
    const { ref, ref_event_id } = request.body;
    const referral = ref && ref_event_id ? { code: ref, eventId: ref_event_id } : undefined;
    await app.writer.run(async (trx) => {
      const made = await signUp(trx, { ...input, passwordHash, locale, referral });
      if (!invite || made.mail.kind !== 'verify') return made;
      // Only a new account gets a verify mail, and the sign-up's effect names it.
      const [userId] = made.effect.userIds;
      if (userId === undefined) throw new Error('sign-up sent a verify mail without naming the new account');
      // An organiser's invitation link proves the mailbox: the account is verified and gets its role.
      const accepted = await acceptInvitation(trx, invite, userId, input.email);
      return accepted.accepted ? { effect: { ...accepted.effect, userIds: [...made.effect.userIds] }, mail: null } : made;
    });
    // The same answer whether the address was free or taken: the device then signs in with the
    // password it chose, which works only for the account it just made (or the person's own).
    return ok({ result: true });
  });

  app.post<{ Body: Static<typeof TokenBody> }>('/api/auth/verify-email', { schema: { body: TokenBody } }, async (request, reply) => {
    if (!(await spend(request, reply, [{ limit: 'link_address', ip: request.ip }]))) return reply;
    // The browser that opens an email change's link stays signed in with the one that asked for it.
    const opener = request.user && request.sessionToken ? { userId: request.user.id, session: digest(request.sessionToken) } : null;
    const { userId } = await app.writer.run(
      async (trx) => {
        const opened = await openVerifyLink(trx, request.body.token, opener);
        // Invitations waiting for this address (signed up without their link) are given now.
        const account = await accountById(trx, opened.userId);
        const events = account?.email_verified ? await acceptInvitationsOf(trx, account.email, opened.userId) : [];
        // So are tickets somebody gave this address before it had a proven account.
        const given = account?.email_verified ? await claimTransfersOf(trx, account.email, opened.userId) : null;
        if (events.length === 0 && !given) return opened;
        const collections = [...opened.effect.collections, 'events', 'my_events', 'companies', ...(given?.collections ?? [])];
        const userIds = [...opened.effect.userIds, ...(given?.userIds ?? [])];
        const eventIds = [...events, ...(given?.eventIds ?? [])];
        return { ...opened, effect: { ...opened.effect, ids: [...opened.effect.ids, ...(given?.ids ?? [])], collections, userIds, eventIds } };
      },
      { announced: true },
    );
    return ok({ user_id: userId });
  });

  app.post<{ Body: Static<typeof LangBody> }>('/api/auth/resend-verification', { schema: { body: LangBody } }, async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return reply;
    if (!(await spend(request, reply, [{ limit: 'mail_user', userId: user.id }]))) return reply;
    const { mail } = await app.writer.run((trx) => resendVerification(trx, user.id, mailLocale(request.body.lang)));
    return ok({ result: mail !== null });
  });
}

/** Forgotten, reset and changed passwords. */
function passwordRoutes(app: FastifyInstance, { spend, checkCurrentPassword }: Guards, setCookie: SetCookie) {
  app.post<{ Body: Static<typeof ForgotBody> }>('/api/auth/forgot-password', { schema: { body: ForgotBody } }, async (request, reply) => {
    const email = checkEmail(request.body.email);
    if (
      !(await spend(request, reply, [
        { limit: 'forgot_address', ip: request.ip },
        { limit: 'forgot_email', email },
      ]))
    )
      return reply;
    await app.writer.run((trx) => forgotPassword(trx, email, mailLocale(request.body.lang)));
    return ok({ result: true });
  });

  app.post<{ Body: Static<typeof ResetBody> }>('/api/auth/reset-password', { schema: { body: ResetBody } }, async (request, reply) => {
    checkNewPassword(request.body.password);
    if (!(await spend(request, reply, [{ limit: 'link_address', ip: request.ip }]))) return reply;
    const passwordHash = await hashPassword(request.body.password);
    const { userId } = await app.writer.run((trx) => resetPassword(trx, request.body.token, passwordHash), { announced: true });
    // Every session ended, this browser's too; it signs in afresh with the new password.
    const token = await createSession(app.db, userId, userAgent(request));
    setCookie(reply, token);
    return ok({ token, user_id: userId });
  });

  app.post<{ Body: Static<typeof ChangePasswordBody> }>('/api/account/password', { schema: { body: ChangePasswordBody } }, async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user || !request.sessionToken) return reply;
    checkNewPassword(request.body.password);
    if (!(await checkCurrentPassword(request, reply, user.id, request.body.current_password))) return reply;
    const passwordHash = await hashPassword(request.body.password);
    const keep = digest(request.sessionToken);
    await app.writer.run((trx) => changePassword(trx, user.id, keep, passwordHash), { announced: true });
    return ok({ result: true });
  });
}

/** Changing the address, and the undo link mailed to the old one. */
function emailRoutes(app: FastifyInstance, { spend, checkCurrentPassword }: Guards) {
  app.post<{ Body: Static<typeof ChangeEmailBody> }>('/api/account/email', { schema: { body: ChangeEmailBody } }, async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return reply;
    const email = checkEmail(request.body.email);
    if (!(await spend(request, reply, [{ limit: 'mail_user', userId: user.id }]))) return reply;
    if (!(await checkCurrentPassword(request, reply, user.id, request.body.password))) return reply;
    const askedBy = request.sessionToken ? digest(request.sessionToken) : null;
    await app.writer.run((trx) => requestEmailChange(trx, user.id, email, mailLocale(request.body.lang), askedBy));
    // The same answer for a free address and a taken one: a link went to whoever holds it.
    return ok({ result: true });
  });

  /**
   * The undo link mailed to the old address (domain/accounts/email-change.ts): the address comes
   * back, every session ends, and the answer carries a reset token for the new password, which the
   * page asks for at once.
   */
  app.post<{ Body: Static<typeof TokenBody> }>('/api/auth/undo-email', { schema: { body: TokenBody } }, async (request, reply) => {
    if (!(await spend(request, reply, [{ limit: 'link_address', ip: request.ip }]))) return reply;
    const undone = await app.writer.run((trx) => undoEmailChange(trx, request.body.token), { announced: true });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.header('cache-control', 'no-store');
    return ok({ user_id: undone.userId, email: undone.email, reset_token: undone.resetToken });
  });
}

/** The account's devices, its export and its removal. */
function accountDataRoutes(app: FastifyInstance, { spend, checkCurrentPassword }: Guards) {
  app.get('/api/account/sessions', async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user || !request.sessionToken) return reply;
    reply.header('cache-control', 'no-store');
    return ok(await listSessions(app.db, user.id, digest(request.sessionToken)));
  });

  app.post<{ Body: Static<typeof EndSessionsBody> }>('/api/account/sessions/end', { schema: { body: EndSessionsBody } }, async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user || !request.sessionToken) return reply;
    const { session_id: id, all_others: allOthers } = request.body;
    if ((id === undefined) === (allOthers !== true)) throw new DomainError('invalid_input', 'session_id');
    const which = id !== undefined ? { id } : { keep: digest(request.sessionToken) };
    const effect = await app.writer.run((trx) => endSessions(trx, user.id, which), { announced: true });
    return ok({ ended: effect.sessionsEnded?.length ?? 0 });
  });

  /** The export that comes before "delete my account": a JSON file of the person's data. */
  app.get('/api/account/export', async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return reply;
    if (!(await spend(request, reply, [{ limit: 'export_user', userId: user.id }]))) return reply;
    const data = await exportAccount(app.db, user.id);
    if (!data) return fail(reply, 'not_found');
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="foyer-account-${user.id}.json"`);
    return ok(data);
  });

  /** Removes the account after the password is given again (domain/personal-data/removal.ts). */
  app.post<{ Body: Static<typeof DeleteAccountBody> }>('/api/account/delete', { schema: { body: DeleteAccountBody } }, async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return reply;
    if (!(await checkCurrentPassword(request, reply, user.id, request.body.password))) return reply;
    const { files } = await app.writer.run((trx) => removeAccount(trx, user.id), { announced: true });
    // After the commit: a removal that rolled back must not have lost the pictures.
    await removeAccountFiles(app.config.dataDir, files, request.log);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok({ result: true });
  });
}
