import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSuggestions, type SuggestedPerson, type SuggestionReason } from '../../data/index.ts';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { Button } from '../../ui/Button.tsx';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';

/** Shown at first: enough to act on without pushing the visitors list off a phone's screen. */
const FIRST = 2;
const MOST = 10;

/**
 * "People you should meet" at an event's visitors (issue 31): people whose words answer the
 * user's, computed on the device, each with the reason and one tap to ask for a meeting. Nothing
 * shows when there is nobody to suggest (a guest, a user who wrote nothing, an event without a match).
 *
 * On a wide screen it is a card above the list. On a phone it is a button in the row of the filters'
 * button, on its empty left, that opens the list in a dialog: beside the title it wrapped under it
 * in Ukrainian and pushed the cards down, and the cards must begin on the first screen
 * (tests/e2e/phone-layout.test.ts).
 */
export function Suggestions({ eventId, wide }: { eventId: number; wide: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { value: people } = useSuggestions(eventId, MOST);
  if (people.length === 0) return null;
  if (wide) {
    return (
      <section className="card suggestions" aria-labelledby="suggestions-title">
        <h2 id="suggestions-title" className="suggestions__title">
          {t('visitors.suggest.title')}
        </h2>
        <SuggestedList people={people} eventId={eventId} />
      </section>
    );
  }
  return (
    <>
      <Button size="sm" className="suggestions__open" aria-haspopup="dialog" onClick={() => setOpened(true)}>
        <span className="suggestions__faces" aria-hidden="true">
          {people.slice(0, 2).map((p) => (
            <Avatar key={p.user_id} src={p.avatar} firstName={p.first_name} lastName={p.last_name} size="sm" />
          ))}
        </span>
        {t('visitors.suggest.open', { n: people.length })}
      </Button>
      <Modal open={opened} onClose={() => setOpened(false)} title={t('visitors.suggest.title')} className="suggestions">
        <SuggestedList people={people} eventId={eventId} onAsk={() => setOpened(false)} />
      </Modal>
    </>
  );
}

function SuggestedList({ people, eventId, onAsk }: { people: SuggestedPerson[]; eventId: number; onAsk?: () => void }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? people : people.slice(0, FIRST);
  return (
    <>
      <ul className="suggestions__list">
        {shown.map((p) => (
          <Suggested key={p.user_id} person={p} eventId={eventId} onAsk={onAsk} />
        ))}
      </ul>
      {people.length > FIRST ? (
        <Button size="sm" variant="ghost" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? t('visitors.suggest.fewer') : t('visitors.suggest.more', { n: people.length })}
        </Button>
      ) : null}
    </>
  );
}

function Suggested({ person, eventId, onAsk }: { person: SuggestedPerson; eventId: number; onAsk?: () => void }) {
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
        <Button
          size="sm"
          onClick={() => {
            // The dialog gives way to the meeting request, which is a dialog of its own.
            onAsk?.();
            appointments.openRequest({ eventId, userId: person.user_id });
          }}
        >
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
