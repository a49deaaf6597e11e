import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { InvitationAccepted, InvitationPreview } from '../../../contract/admin-people.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { forgetInvitationToken, keepInvitationToken, keptInvitationToken, useInvitationActions, useSession } from '../../data/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { accountErrorText } from './errors.ts';
import { takeLinkToken } from './linkToken.ts';
import './account.css';
import { FormError } from '../../ui/form/Field.tsx';

type State = { kind: 'loading' } | { kind: 'open'; invitation: InvitationPreview } | { kind: 'failed'; text: string; invitation?: InvitationPreview };

/** Where an accepted invitation leads: the admin area for the team, the door, the stand, the event. */
function nextPath(a: InvitationAccepted): string {
  if (a.role === 'organizer' || a.role === 'moderator') return `/admin/events/${a.event_id}`;
  if (a.role === 'door') return `/events/${a.event_id}/checkin`;
  if (a.role === 'stand' && a.stand_id) return `/events/${a.event_id}/companies-detail/${a.stand_id}`;
  return `/events/${a.event_id}`;
}

/**
 * The page an organiser's invitation link opens (`/invitation#invite=…`). It says who invites the
 * person to what; signed in with the invited address, one tap accepts it. Signed out, the person
 * signs in or creates an account with that address, and comes back here (or, signing up, the sign-up
 * itself accepts it). Nothing is given before the person chooses to (server/domain/organisers/invitations.ts).
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { user, status } = useSession();
  const actions = useInvitationActions();
  const [token] = useState(() => takeLinkToken('invite') || keptInvitationToken());
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'failed', text: t('errors.link_invalid') });
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('account.invitation.title'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    void actions.preview(token).then((res) => {
      if (!live) return;
      setState(res.ok ? { kind: 'open', invitation: res.data } : { kind: 'failed', text: accountErrorText(t, locale, res) });
      if (!res.ok && res.code === 'link_invalid') forgetInvitationToken();
    });
    return () => {
      live = false;
    };
  }, [token, actions, t, locale]);

  const accept = async () => {
    if (!token || busy) return;
    setBusy(true);
    const res = await actions.accept(token);
    setBusy(false);
    if (res.ok) {
      forgetInvitationToken();
      navigate(to(nextPath(res.data)), { replace: true });
      return;
    }
    setState((s) => ({ kind: 'failed', text: accountErrorText(t, locale, res), invitation: s.kind === 'open' ? s.invitation : undefined }));
  };

  const invitation = state.kind === 'open' ? state.invitation : state.kind === 'failed' ? state.invitation : undefined;
  const role = invitation
    ? invitation.stand_name
      ? t('account.invitation.roleStand', { stand: invitation.stand_name })
      : t(`account.invitation.role.${invitation.role}`)
    : '';
  const here = to('/invitation');
  const mine = user && invitation ? user.email.trim().toLowerCase() === invitation.email : false;

  return (
    <div className="auth">
      <div className="auth__form card">
        <h1 className="auth__title">{t('account.invitation.title')}</h1>
        {state.kind === 'loading' || status === 'loading' ? <Spinner label={t('common.loading')} /> : null}
        {invitation ? <p className="auth__lead">{t('account.invitation.lead', { event: invitation.event_name, role })}</p> : null}
        {state.kind === 'failed' ? <FormError>{state.text}</FormError> : null}
        {state.kind === 'open' && user ? (
          mine ? (
            <Button variant="primary" busy={busy} onClick={() => void accept()}>
              {t('account.invitation.accept')}
            </Button>
          ) : (
            <FormError>{t('account.invitation.otherAccount', { email: invitation?.email, mine: user.email })}</FormError>
          )
        ) : null}
        {state.kind === 'open' && !user && status !== 'loading' && token ? (
          <>
            <p className="muted small">{t('account.invitation.signInFirst', { email: state.invitation.email })}</p>
            <div className="auth__actions">
              <Link className={buttonClass('primary')} to={`${to('/login')}?return_url=${encodeURIComponent(here)}`} onClick={() => keepInvitationToken(token)}>
                {t('login.submit')}
              </Link>
              <Link
                className={buttonClass('secondary')}
                to={{ pathname: to('/signup'), search: `?return_url=${encodeURIComponent(to(nextPath(state.invitation)))}`, hash: `invite=${token}` }}
                state={{ email: state.invitation.email }}
                onClick={() => keepInvitationToken(token)}
              >
                {t('account.signup.title')}
              </Link>
            </div>
          </>
        ) : null}
        <p className="muted small">{t('account.invitation.ignore')}</p>
      </div>
    </div>
  );
}
