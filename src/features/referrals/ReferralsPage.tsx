import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { referralLink, referralTotals, useEvents, useReferrals, useSession, type ReferralsCache } from '../../data/index.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { dateFormat } from '../../ui/intl.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { CopyField } from '../../ui/CopyField.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import './referrals.css';
import { PageHeader } from '../../ui/PageHeader.tsx';

/**
 * /{locale}/referrers (events.md §2 header link "referrers"; issue 16): the user's own link to an
 * event, to share, and who came through their links: per event how many signed up and how many
 * hold a ticket, with the newest of them (names only of people who let themselves be listed). The
 * counts are the server's, kept on the device and shown with their age, so the page opens offline.
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const referrals = useReferrals();
  useDocumentTitle(t('referrals.title'));
  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('referrals.title')} text={t('referrals.guestText')} />;
  const data = referrals.data.data;
  return (
    <div className="page page--narrow referrals-page">
      <PageHeader title={t('referrals.title')} lead={t('referrals.intro')} />
      <ShareLink code={data?.code ?? null} />
      <Results data={data} fetchedAt={referrals.data.fetchedAt} loading={referrals.isLoading} />
    </div>
  );
}

function ShareLink({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const { data: upcoming } = useEvents({ filter: 'future', sort: 'when', limit: 200 });
  const selectId = useId();
  const headingId = useId();
  const chosen = Number(params.get('event_id')) || upcoming.items[0]?.event_id || 0;
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const link = code && chosen ? referralLink(origin, locale, chosen, code) : '';
  const event = upcoming.items.find((e) => e.event_id === chosen);

  const share = async () => {
    try {
      await navigator.share({ title: event?.name ?? '', url: link });
    } catch {
      // Closed or refused: the link is still there to copy.
    }
  };

  return (
    <section className="referrals-share card" aria-labelledby={headingId}>
      <h2 id={headingId} className="referrals-share__title">
        {t('referrals.yourLink')}
      </h2>
      {upcoming.items.length === 0 ? (
        <p className="referrals__note">{t('referrals.noEvents')}</p>
      ) : (
        <Field id={selectId} label={t('referrals.event')}>
          <select value={chosen} onChange={(e) => setParams({ event_id: e.target.value }, { replace: true })}>
            {upcoming.items.map((e) => (
              <option key={e.event_id} value={e.event_id}>
                {e.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      {link ? (
        <CopyField
          label={t('referrals.link')}
          value={link}
          actions={
            typeof navigator !== 'undefined' && 'share' in navigator ? (
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void share()}>
                {t('referrals.share')}
              </button>
            ) : null
          }
        />
      ) : code === null && upcoming.items.length > 0 ? (
        <p className="referrals__note">{t('referrals.linkNotYet')}</p>
      ) : null}
    </section>
  );
}

function Results({ data, fetchedAt, loading }: { data: ReferralsCache | null; fetchedAt: number | null; loading: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const headingId = useId();
  const totals = referralTotals(data);
  return (
    <section className="referrals-results" aria-labelledby={headingId}>
      <h2 id={headingId} className="referrals-results__title">
        {t('referrals.results')}
      </h2>
      {fetchedAt ? <p className="referrals__note">{t('referrals.asOf', { time: formatRelative(fetchedAt, Date.now(), locale) })}</p> : null}
      {!data ? (
        loading ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <p className="referrals__note">{t('referrals.notYetLoaded')}</p>
        )
      ) : data.events.length === 0 ? (
        <p className="referrals__note">{t('referrals.none')}</p>
      ) : (
        <>
          <dl className="referrals-totals">
            <div>
              <dt>{t('referrals.signedUp')}</dt>
              <dd>{totals.signedUp}</dd>
            </div>
            <div>
              <dt>{t('referrals.tickets')}</dt>
              <dd>{totals.tickets}</dd>
            </div>
          </dl>
          {data.events.map((e) => (
            <article key={e.event_id} className="referrals-event card">
              <h3 className="referrals-event__title">
                <Link to={to(`/events/${e.event_id}`)}>{e.name}</Link>
              </h3>
              <p className="referrals-event__counts">{t('referrals.counts', { signedUp: e.signed_up, tickets: e.tickets })}</p>
              <ul className="referrals-people">
                {e.people.map((p, i) => (
                  <li key={p.user_id || `hidden-${i}`} className="referrals-person">
                    <Avatar src={p.avatar} firstName={p.first_name} lastName={p.last_name} size="sm" />
                    <div>
                      <p className="referrals-person__name">
                        {p.user_id ? <Link to={to(`/profiles/${p.user_id}`)}>{`${p.first_name} ${p.last_name}`.trim()}</Link> : t('referrals.hidden')}
                      </p>
                      <p className="referrals-person__what">
                        {p.via === 'signup' ? t('referrals.viaSignup') : t('referrals.viaLink')} ·{' '}
                        {dateFormat(locale, { dateStyle: 'medium' }).format(p.at * 1000)}
                        {p.has_ticket ? ` · ${t('referrals.hasTicket')}` : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </>
      )}
    </section>
  );
}
