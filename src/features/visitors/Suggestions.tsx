import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSuggestions, type SuggestedPerson, type SuggestionReason } from '../../data/index.ts';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { Button } from '../../ui/Button.tsx';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';

/** Shown at first: enough to act on without pushing the visitors list off a phone's screen. */
const FIRST = 2;
const MOST = 10;

/**
 * "People you should meet" above an event's visitors (issue 31): people whose words answer the
 * user's, computed on the device, each with the reason and one tap to ask for a meeting. Nothing
 * shows when there is nobody to suggest (a guest, a user who wrote nothing, an event without a match).
 */
export function Suggestions({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const { value: people } = useSuggestions(eventId, MOST);
  if (people.length === 0) return null;
  const shown = all ? people : people.slice(0, FIRST);
  return (
    <section className="card suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="suggestions__title">
        {t('visitors.suggest.title')}
      </h2>
      <ul className="suggestions__list">
        {shown.map((p) => (
          <Suggested key={p.user_id} person={p} eventId={eventId} />
        ))}
      </ul>
      {people.length > FIRST ? (
        <Button size="sm" variant="ghost" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? t('visitors.suggest.fewer') : t('visitors.suggest.more', { n: people.length })}
        </Button>
      ) : null}
    </section>
  );
}

function Suggested({ person, eventId }: { person: SuggestedPerson; eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const appointments = useAppointmentUi();
  const name = `${person.first_name} ${person.last_name}`.trim() || t('people.noName');
  const work = [person.position, person.company].filter(Boolean).join(', ');
  return (
    <li className="suggestions__person">
      <Avatar src={person.avatar} firstName={person.first_name} lastName={person.last_name} size="sm" />
      <div className="suggestions__text">
        <Link to={to(`/profiles/${person.user_id}`)} className="suggestions__name">
          {name}
        </Link>
        {work ? <p className="muted small">{work}</p> : null}
        {/* The strongest reason only: a phone has room for one line of why. */}
        {person.reasons[0] ? <p className="suggestions__reason">{reasonText(t, person.reasons[0])}</p> : null}
        <Button size="sm" onClick={() => appointments.openRequest({ eventId, userId: person.user_id })}>
          {t('visitors.suggest.meet')}
        </Button>
      </div>
    </li>
  );
}

function reasonText(t: ReturnType<typeof useTranslation>['t'], reason: SuggestionReason): string {
  switch (reason.kind) {
    case 'theyOffer':
      return t('visitors.suggest.theyOffer', { word: reason.word });
    case 'theyLookFor':
      return t('visitors.suggest.theyLookFor', { word: reason.word });
    case 'interests':
      return t('visitors.suggest.interests', { list: reason.ids.map((id) => t(`visitors.interests.${id}`)).join(', ') });
  }
}
