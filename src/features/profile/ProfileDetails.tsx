import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ageOf, type SocialLinks } from '../../../contract/index.ts';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { orDash } from '../../ui/people/format.ts';
import { PersonDetail } from '../../ui/people/PersonDetail.tsx';
import { SocialLinksRow } from '../../ui/people/SocialLinks.tsx';
import { Flag } from '../../ui/Flag.tsx';

export interface ProfileSubject {
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string;
  country_name: string;
  city_name: string;
  position: string;
  company: string;
  /** About me. */
  status: string;
  /** I'm looking for. */
  help: string;
  sex: number;
  birth_year: number;
  /** Comma-separated interest ids. */
  hobby: string;
  social: SocialLinks;
  email: string;
  phone: string;
}

/** A person's profile as text: who, where, about me, looking for, interests, contacts, links. */
export function ProfileDetails({ person, actions, badge }: { person: ProfileSubject; actions?: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation();
  const name = `${person.first_name} ${person.last_name}`.trim();
  const age = ageOf(person.birth_year, new Date().getFullYear());
  const gender = person.sex === 1 ? t('visitors.sex.male') : person.sex === 2 ? t('visitors.sex.female') : '';
  const interests = person.hobby
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7);
  const place = [person.city_name, person.country_name].filter(Boolean).join(', ');

  return (
    <section className="profile-card card">
      <div className="profile-card__head">
        <Avatar src={person.avatar} firstName={person.first_name} lastName={person.last_name} countryCode={person.country_code} size="lg" />
        <div className="profile-card__who">
          <h1 className="page__title">
            {name || t('people.noName')} {badge}
          </h1>
          {person.position || person.company ? <p className="profile-card__role">{[person.position, person.company].filter(Boolean).join(', ')}</p> : null}
          {place ? (
            <p className="muted">
              <Flag code={person.country_code} className="profile-card__flag" />
              {place}
            </p>
          ) : null}
          {gender || age !== null ? <p className="muted">{[gender, age !== null ? t('visitors.age', { n: age }) : ''].filter(Boolean).join(', ')}</p> : null}
        </div>
        {actions ? <div className="profile-card__actions">{actions}</div> : null}
      </div>
      <div className="visitor__texts">
        <section>
          <h2 className="profile-card__label">{t('people.aboutMe')}</h2>
          <p>{orDash(person.status)}</p>
        </section>
        <section>
          <h2 className="profile-card__label">{t('people.lookingFor')}</h2>
          <p>{orDash(person.help)}</p>
        </section>
      </div>
      <dl className="visitor__details">
        <PersonDetail label={t('visitors.filters.interests')} value={interests.map((i) => t(`visitors.interests.${i}`)).join(', ')} />
        {person.email ? (
          <div>
            <dt>{t('profile.email')}</dt>
            <dd>
              <a href={`mailto:${person.email}`}>{person.email}</a>
            </dd>
          </div>
        ) : null}
        {person.phone ? (
          <div>
            <dt>{t('profile.phone')}</dt>
            <dd>
              <a href={`tel:${person.phone.replace(/[^0-9+]/g, '')}`}>{person.phone}</a>
            </dd>
          </div>
        ) : null}
        <SocialLinksRow social={person.social} />
      </dl>
    </section>
  );
}
