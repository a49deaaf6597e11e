import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TRIP_FIELDS, TRIP_TEXT_MAX, useEvent, useOwnTrip, useSession, type TripField } from '../../data/index.ts';
import { parseId } from '../../../contract/ids.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { EventNotFound } from '../../ui/EventNotFound.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { TripPicture } from './TripPicture.tsx';
import './trips.css';
import { PageHeader } from '../../ui/PageHeader.tsx';

const LABELS: Record<TripField, string> = {
  transport_before: 'trips.transportBefore',
  hotel: 'trips.hotel',
  transport_after: 'trips.transportAfter',
};
const HINTS: Record<TripField, string> = {
  transport_before: 'trips.transportBeforeHint',
  hotel: 'trips.hotelHint',
  transport_after: 'trips.transportAfterHint',
};

type Texts = Record<TripField, string>;

/**
 * /{locale}/events/{eventId}/trip: the user's own trip plan for an event (events.md §3: transport
 * there, hotel, transport back, a picture), which other visitors see on the people cards unless the
 * user hides it. The texts save like every edit, offline too; the picture is an upload and says so
 * when there is no connection. Only people who take part in the event have a plan.
 */
export function TripPlanPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseId(useParams().eventId) ?? 0;
  const { user, status } = useSession();
  const event = useEvent(eventId);
  const own = useOwnTrip(eventId);
  const [draft, setDraft] = useState<Partial<Texts>>({});
  const [saved, setSaved] = useState(false);
  const formId = useId();
  useDocumentTitle(t('trips.title'));

  // A field the user has not touched follows the plan as it arrives (another device, the first sync).
  const values: Texts = { ...own.data.trip, ...draft };
  const changes = Object.fromEntries(Object.entries(draft).filter(([f, v]) => own.data.trip[f as TripField] !== v)) as Partial<Texts>;
  const changed = Object.keys(changes).length > 0;
  useEffect(() => {
    if (changed) setSaved(false);
  }, [changed]);

  if (status === 'loading' || (event.isLoading && !event.data)) return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('trips.title')} text={t('trips.guestText')} />;
  if (!event.data) return <EventNotFound />;
  const e = event.data;
  const takesPart = e.has_ticket || e.checked_in || e.is_owner;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!changed) return;
    await own.save(changes);
    setDraft({});
    setSaved(true);
  };

  return (
    <div className="page page--narrow trip-page">
      <PageHeader title={t('trips.title')} lead={<Link to={to(`/events/${eventId}`)}>{e.name}</Link>} />
      {!takesPart ? (
        <EmptyState
          title={t('trips.notParticipant')}
          text={t('trips.notParticipantText')}
          action={
            <Link className="btn btn--primary btn--sm" to={to(`/events/${eventId}`)}>
              {t('trips.toEvent')}
            </Link>
          }
        />
      ) : (
        <>
          <p className="trip-page__intro">{t('trips.intro')}</p>
          <form id={formId} className="trip-form card" onSubmit={(ev) => void submit(ev)}>
            {TRIP_FIELDS.map((f) => (
              <TripText
                key={f}
                field={f}
                label={t(LABELS[f])}
                hint={t(HINTS[f])}
                value={values[f]}
                pending={own.data.pending.has(f) && draft[f] === undefined}
                onChange={(v) => setDraft((d) => ({ ...d, [f]: v }))}
              />
            ))}
            <div className="trip-form__actions">
              <button type="submit" className="btn btn--primary" disabled={!changed}>
                {t('trips.save')}
              </button>
              {changed ? (
                <button type="button" className="btn btn--ghost" onClick={() => setDraft({})}>
                  {t('trips.discard')}
                </button>
              ) : null}
              <p className="trip-form__status" role="status">
                {own.data.pending.size > 0 ? t('trips.pending') : saved ? t('trips.saved') : ''}
              </p>
            </div>
          </form>
          <TripPicture eventId={eventId} image={own.data.trip.image} upload={own.uploadPicture} remove={own.removePicture} />
          <p className="trip-page__privacy">
            {t('trips.privacy')} <Link to={to('/profile')}>{t('trips.privacyLink')}</Link>
          </p>
        </>
      )}
    </div>
  );
}

function TripText(props: { field: TripField; label: string; hint: string; value: string; pending: boolean; onChange(v: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field trip-form__field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.field}
        rows={2}
        maxLength={TRIP_TEXT_MAX}
        value={props.value}
        placeholder={props.hint}
        aria-describedby={`${id}-count`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <span id={`${id}-count`} className="trip-form__count">
        {t('trips.count', { count: props.value.length, max: TRIP_TEXT_MAX })}
        {props.pending ? ` · ${t('trips.fieldPending')}` : ''}
      </span>
    </div>
  );
}
