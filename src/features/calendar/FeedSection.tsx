import { useId, useState } from 'react';
import { CopyField } from '../../ui/CopyField.tsx';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useSyncStatus } from '../../data/index.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { useLocale } from '../../ui/useLocale.ts';

/**
 * "Subscribe in your calendar app": the personal feed's secret address (contract/calendar.ts). It is
 * made on this device, so it shows and copies offline; calendar apps fetch it from the server, which
 * learns of it when the device is next online, and the section says so while it waits. Anyone
 * holding the address sees the user's meetings, so it can be replaced or stopped at any time.
 */
export function FeedSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const feed = useCalendarFeed();
  const sync = useSyncStatus();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const { state, urls } = feed;
  const offline = sync.state === 'offline' || sync.state === 'error';
  // Either answer to "replace or stop?" ends the question before its work starts.
  const afterConfirm = (act: () => Promise<unknown>) => () => {
    setConfirming(false);
    void act();
  };

  return (
    <section className="cal-feed card" aria-labelledby={headingId}>
      <h2 id={headingId} className="cal-feed__title">
        {t('calendar.feedTitle')}
      </h2>
      <p className="cal-feed__text">{t('calendar.feedText')}</p>
      {state.kind === 'mine' && urls ? (
        <>
          <CopyField label={t('calendar.feedAddress')} value={urls.https} />
          <div className="cal-feed__actions">
            <a className="btn btn--ghost btn--sm" href={urls.webcal}>
              {t('calendar.openInApp')}
            </a>
            <a className="btn btn--ghost btn--sm" href={urls.google} target="_blank" rel="noopener noreferrer">
              {t('calendar.subscribeGoogle')}
            </a>
          </div>
          <p className="cal-feed__note">
            {state.pending
              ? t('calendar.feedPending')
              : state.polledAt
                ? t('calendar.feedPolled', { when: formatRelative(state.polledAt * 1000, Date.now(), locale) })
                : t('calendar.feedNotPolled')}
          </p>
          <p className="cal-feed__note">{t('calendar.feedSecret')}</p>
        </>
      ) : state.kind === 'elsewhere' ? (
        <p className="cal-feed__note">{t('calendar.feedElsewhere')}</p>
      ) : state.pending ? (
        <p className="cal-feed__note">{t('calendar.feedStopping')}</p>
      ) : null}
      {offline ? <p className="cal-feed__note">{t('calendar.feedOffline')}</p> : null}
      <div className="cal-feed__actions">
        {state.kind === 'none' ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void feed.create()}>
            {t('calendar.feedCreate')}
          </button>
        ) : confirming ? (
          <>
            <span className="cal-feed__confirm">{t('calendar.feedConfirm')}</span>
            <button type="button" className="btn btn--primary btn--sm" onClick={afterConfirm(feed.create)}>
              {t('calendar.feedReplace')}
            </button>
            <button type="button" className="btn btn--danger btn--sm" onClick={afterConfirm(feed.revoke)}>
              {t('calendar.feedRevoke')}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(true)}>
            {t('calendar.feedChange')}
          </button>
        )}
      </div>
    </section>
  );
}
