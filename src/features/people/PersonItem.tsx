import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PeopleItem } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { PersonActions } from '../../ui/people/PersonActions.tsx';

/**
 * One person of the people card (networking.md §2): who they are, the star, the event they are
 * going to, their own words, or else their trip plan — each part marked undecided while empty.
 */
export function PersonItem({ person }: { person: PeopleItem }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const name = `${person.first_name} ${person.last_name}`.trim();
  const about = person.status.trim();
  const looking = person.help.trim();
  const role = [person.position, person.company].filter((s) => s.trim()).join(', ');
  return (
    <li className="person">
      <div className="person__head">
        <Avatar src={person.avatar} firstName={person.first_name} lastName={person.last_name} countryCode={person.country_code} />
        <div className="person__who">
          <Link className="person__name" to={to(`/profiles/${person.user_id}`)}>
            {name || t('people.noName')}
          </Link>
          {role ? <p className="person__role">{role}</p> : null}
          {person.city_name ? <p className="person__city">{person.city_name}</p> : null}
        </div>
        <PersonActions person={{ ...person, name }} show={{ favorite: true }} />
      </div>
      {person.event ? (
        <p className="person__event">
          {t('people.goingTo')} <Link to={to(`/events/${person.event.id}`)}>{person.event.name || t('event.title')}</Link>
        </p>
      ) : null}
      {about || looking ? (
        <dl className="person__texts">
          {about ? (
            <>
              <dt>{t('people.aboutMe')}</dt>
              <dd>{about}</dd>
            </>
          ) : null}
          {looking ? (
            <>
              <dt>{t('people.lookingFor')}</dt>
              <dd>{looking}</dd>
            </>
          ) : null}
        </dl>
      ) : person.trip !== null || !person.tripKnown ? (
        <TripPlan trip={person.trip} />
      ) : null}
    </li>
  );
}

function TripPlan({ trip }: { trip: PeopleItem['trip'] }) {
  const { t } = useTranslation();
  const value = (v: string | undefined) => (v?.trim() ? v : t('people.trip.undecided'));
  return (
    <dl className="trip-plan" aria-label={t('people.trip.title')}>
      <div>
        <dt>{t('people.trip.transportBefore')}</dt>
        <dd>{value(trip?.transportBefore)}</dd>
      </div>
      <div>
        <dt>{t('people.trip.hotel')}</dt>
        <dd>{value(trip?.hotel)}</dd>
      </div>
      <div>
        <dt>{t('people.trip.transportAfter')}</dt>
        <dd>{value(trip?.transportAfter)}</dd>
      </div>
    </dl>
  );
}
