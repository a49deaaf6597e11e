import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useRejections, useSyncStatus, useUnsentCommands, type QueuedCommand, type Rejection } from '../../data/index.ts';
import { useNow } from '../../ui/useNow.ts';
import { Button } from '../../ui/Button.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { formatRelative } from './relativeTime.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { eventIdOf, titleKey } from './Rejections.tsx';

/** How often "synced N minutes ago" is redrawn; it never shows seconds, so this is plenty. */
const RELATIVE_TIME_REFRESH_MS = 15_000;

/**
 * Always on screen: whether this device is talking to the server, what is still waiting to be sent
 * and how fresh the local copy is. In a venue with poor coverage this is what tells the user that a
 * tap was kept and will be sent, not lost. The count of what waits (or was turned down) opens the
 * list of it, each with its reason when the server refused it. On a phone the status sits in the
 * header's one row as a pill (base.css).
 */
export function SyncStatus() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const status = useSyncStatus();
  const { items: refused } = useRejections();
  const now = useNow(RELATIVE_TIME_REFRESH_MS);

  const errorText = status.error ? (i18n.exists(`errors.${status.error.code}`) ? t(`errors.${status.error.code}`) : t('sync.errorGeneric')) : null;
  const syncedText =
    status.lastSyncedAt === null
      ? t('sync.neverSynced')
      : t('sync.lastSynced', { time: formatRelative(status.lastSyncedAt, Math.max(now, status.lastSyncedAt), locale) });
  const counts = [
    status.pending > 0 ? t('sync.pending', { n: status.pending }) : null,
    refused.length > 0 ? t('sync.refused', { n: refused.length }) : null,
  ].filter((s): s is string => s !== null);

  return (
    <div className={`sync sync--${status.state}`}>
      <div className="sync__inner">
        <p className="sync__state" role="status">
          <span className="sync__dot" aria-hidden="true" />
          <span className="sync__word">{t(`sync.state.${status.state}`)}</span>
          {/* Said with the state; the eye reads the counts on the button beside it. */}
          {counts.length > 0 ? <span className="visually-hidden">{counts.join(', ')}</span> : null}
        </p>
        {counts.length > 0 ? (
          <Menu
            className="sync__queue"
            align="start"
            label={counts.join(', ')}
            trigger={
              <>
                {status.pending > 0 ? (
                  <span className="sync__pending">
                    <span className="sync__count">{status.pending}</span>
                    <span className="sync__count-text">{t('sync.pending', { n: status.pending })}</span>
                  </span>
                ) : null}
                {refused.length > 0 ? (
                  <span className="sync__pending sync__pending--refused">
                    <span className="sync__count">!{refused.length}</span>
                    <span className="sync__count-text">{t('sync.refused', { n: refused.length })}</span>
                  </span>
                ) : null}
              </>
            }
          >
            {() => <QueueList refused={refused} syncedText={syncedText} />}
          </Menu>
        ) : null}
        <p className="sync__time">{syncedText}</p>
        {status.state === 'error' ? (
          <div className="sync__error" role="alert">
            <span>{errorText}</span>
            <Button size="sm" variant="secondary" onClick={() => status.retry()}>
              {t('sync.retry')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The list behind the count: what waits, oldest first, then what the server turned down and why. */
function QueueList({ refused, syncedText }: { refused: Rejection[]; syncedText: string }) {
  const { t } = useTranslation();
  const { value: queued } = useUnsentCommands();
  const { dismiss, retry } = useRejections();
  return (
    <section className="sync-queue" aria-label={t('sync.queueLabel')}>
      <p className="sync-queue__synced muted">{syncedText}</p>
      <h2 className="sync-queue__title">{t('sync.queueTitle')}</h2>
      {queued.length === 0 ? (
        <p className="muted">{t('sync.queueEmpty')}</p>
      ) : (
        <ul className="sync-queue__list">
          {queued.map((item) => (
            <QueuedRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {refused.length > 0 ? (
        <>
          <h2 className="sync-queue__title">{t('sync.refusedTitle')}</h2>
          <ul className="sync-queue__list">
            {refused.map((item) => (
              <RefusedRow key={item.id} item={item} onDismiss={() => dismiss(item.id)} onRetry={() => retry(item.id)} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function EventLink({ payload }: { payload: unknown }) {
  const to = useLocalePath();
  const eventId = eventIdOf(payload);
  // Hooks cannot be conditional; id 0 matches no event and simply yields nothing.
  const { data: event } = useEvent(eventId ?? 0);
  return event && eventId ? <Link to={to(`/events/${eventId}`)}>{event.name}</Link> : null;
}

function QueuedRow({ item }: { item: QueuedCommand }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const area = `sync.areas.${item.kind.split('.')[0]}`;
  const at = Date.parse(item.occurredAt);
  return (
    <li className="sync-queue__item">
      <span className="sync-queue__what">{i18n.exists(area) ? t(area) : t('rejections.generic')}</span>
      <span className="muted small">{Number.isFinite(at) ? formatRelative(at, Math.max(Date.now(), at), locale) : null}</span>
      <EventLink payload={item.payload} />
    </li>
  );
}

function RefusedRow({ item, onDismiss, onRetry }: { item: Rejection; onDismiss(): void; onRetry(): void }) {
  const { t, i18n } = useTranslation();
  const what = t(titleKey(item, (k) => i18n.exists(k)));
  const reason = i18n.exists(`errors.${item.code}`) ? t(`errors.${item.code}`) : t('errors.unknown_error');
  return (
    <li className="sync-queue__item sync-queue__item--refused">
      <span className="sync-queue__what">{item.parked ? t('rejections.parkedTitle', { what }) : what}</span>
      <span>{reason}</span>
      <EventLink payload={item.payload} />
      <span className="sync-queue__actions">
        {item.parked ? (
          <Button size="sm" variant="primary" onClick={onRetry}>
            {t('rejections.retry')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {item.parked ? t('rejections.discard') : t('common.dismiss')}
        </Button>
      </span>
    </li>
  );
}
