import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkOfferHours } from '../../../../contract/waitlist.ts';
import { useEventWaitlist, useWaitlistActions, useWaitlistQueue, type AdminTypeView, type WaitlistAdminEntry } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { TextField } from '../../../ui/form/Field.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { AdminPanel } from '../AdminPanel.tsx';
import { RefusedNote } from './CardList.tsx';

/**
 * The event's waitlists for its organisers (issue 30): each type's line in order with each
 * person's state, read online like the orders (it holds addresses and moves with every sale), and
 * the organiser's commands on it, which work offline: offer a place by hand, remove somebody, and
 * how long an offer holds its place. The list is read again once the queued commands are through.
 */
export function WaitlistPanel({ eventId, types, timezone }: { eventId: number; types: readonly AdminTypeView[]; timezone: string }) {
  const { t } = useTranslation();
  const list = useEventWaitlist(eventId);
  const queue = useWaitlistQueue(eventId);
  const actions = useWaitlistActions();
  const { reload } = list;
  const flying = useRef(queue.count);
  useEffect(() => {
    if (flying.current > 0 && queue.count === 0) reload();
    flying.current = queue.count;
  }, [queue.count, reload]);
  const view = list.result?.ok ? list.result.data : null;
  const byType = types
    .filter((ty) => ty.id !== null)
    .map((ty) => ({ type: ty, entries: (view?.entries ?? []).filter((e) => e.type_id === ty.id) }))
    .filter((x) => x.entries.length > 0);
  return (
    <AdminPanel id="sales-waitlist-h" className="promo waitlist-admin" title={t('waitlist.admin.title')}>
      <p className="muted small">{t('waitlist.admin.lead')}</p>
      {view ? <OfferHours eventId={eventId} hours={view.offer_hours} onSave={(h) => actions.setOfferHours(eventId, h)} /> : null}
      {list.result && !list.result.ok ? (
        <p className="muted small">
          {t(list.result.code === 'network_error' ? 'waitlist.admin.offline' : `errors.${list.result.code}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      ) : null}
      {queue.refused.map((c) => (
        <RefusedNote key={c.id} code={c.code ?? 'unknown_error'} onDismiss={() => void actions.dismiss(c.id)} />
      ))}
      {view && byType.length === 0 ? <EmptyState compact title={t('waitlist.admin.empty')} text={t('waitlist.admin.emptyHint')} /> : null}
      {byType.map(({ type, entries }) => (
        <div key={type.key} className="waitlist-admin__type">
          <h3 className="admin__name">
            {type.fields.name} · {t('waitlist.admin.waiting', { count: entries.filter((e) => e.state === 'waiting').length })}
          </h3>
          <ol className="admin__list">
            {entries.map((e) => (
              <EntryRow
                key={e.id}
                entry={e}
                timezone={timezone}
                pending={queue.entryIds.has(e.id)}
                onOffer={() => void actions.offer(eventId, e.id)}
                onRemove={() => void actions.remove(eventId, e.id)}
              />
            ))}
          </ol>
        </div>
      ))}
      <Button size="sm" variant="ghost" busy={list.loading} onClick={reload}>
        {t('waitlist.admin.refresh')}
      </Button>
    </AdminPanel>
  );
}

function EntryRow({
  entry,
  timezone,
  pending,
  onOffer,
  onRemove,
}: {
  entry: WaitlistAdminEntry;
  timezone: string;
  pending: boolean;
  onOffer(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const open = entry.state === 'waiting' || entry.state === 'offered';
  const until = entry.offer_expires
    ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone }).format(entry.offer_expires * 1000)
    : '';
  return (
    <li className="admin__card waitlist-admin__entry" data-entry={entry.id}>
      <div className="sales__type-head">
        <p className="admin__name">
          {entry.place > 0 ? `${entry.place}. ` : ''}
          {entry.name || entry.email}
        </p>
        <span className={entry.state === 'offered' ? 'sales__badge sales__badge--warn' : 'sales__badge'}>{t(`waitlist.states.${entry.state}`)}</span>
      </div>
      <p className="sales__facts waitlist-admin__email">{entry.email}</p>
      {entry.state === 'offered' ? <p className="sales__facts">{t('waitlist.admin.offeredUntil', { time: until })}</p> : null}
      {pending ? <span className="sales__badge sales__badge--warn">{t('admin.pending')}</span> : null}
      {open && !pending ? (
        <div className="admin__buttons">
          {entry.state === 'waiting' ? (
            <Button size="sm" onClick={onOffer}>
              {t('waitlist.admin.offer')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onRemove}>
            {t('waitlist.admin.remove')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** How long an offer holds its place: a whole number of hours, checked as the server checks it. */
function OfferHours({ eventId, hours, onSave }: { eventId: number; hours: number; onSave(hours: number): Promise<void> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(hours));
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => setValue(String(hours)), [hours]);
  const n = Number(value.trim());
  const problem = value.trim() === '' || checkOfferHours(n) !== null;
  return (
    <form
      className="waitlist-admin__hours"
      noValidate
      data-event={eventId}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        setSaved(false);
        if (problem) return;
        void onSave(n).then(() => setSaved(true));
      }}
    >
      <TextField
        label={t('waitlist.admin.hours')}
        name="offer_hours"
        value={value}
        onChange={(v) => {
          setValue(v);
          setSaved(false);
        }}
        error={tried && problem ? t('errors.waitlist_offer_hours') : null}
        hint={saved ? t('waitlist.admin.hoursSaved') : t('waitlist.admin.hoursHint')}
      />
      <Button size="sm" type="submit">
        {t('sales.form.save')}
      </Button>
    </form>
  );
}
