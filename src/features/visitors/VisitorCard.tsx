import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, type AppointmentItem, type EventView, type VisitorView } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { PersonActions } from '../../ui/people/PersonActions.tsx';
import { orDash } from '../../ui/people/format.ts';
import { OwnCategory } from './OwnCategory.tsx';
import { VisitorAppointment } from './VisitorAppointment.tsx';
import { PersonDetail } from '../../ui/people/PersonDetail.tsx';
import { SocialLinksRow } from '../../ui/people/SocialLinks.tsx';

export interface VisitorCardProps {
  visitor: VisitorView;
  /** The role or category button: filter the list by it. */
  onFilterBy(by: { menuId: number } | { role: string }): void;
  /** The server's list has no role filter, so there a role without a category is only a label. */
  canFilterByRole: boolean;
  event: EventView | undefined;
  /** The user's appointment with this visitor at this event, when there is one. */
  appointment: AppointmentItem | undefined;
}

/**
 * One visitor (networking.md §2 "Visitors page"): avatar and name to the profile, the category or
 * role button that filters by that name, about me and looking for (a dash when empty), the place
 * appointment actions with the request message block, and the details of the hash-mode card with favorite, Like, Message.
 */
export function VisitorCard({ visitor: v, onFilterBy, canFilterByRole, event, appointment }: VisitorCardProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useSession();
  const label = v.menu_name || t(`visitors.roles.${knownRole(v.role)}`);
  const about = v.status.trim() || v.about.trim();
  const looking = v.help.trim() || v.interest.trim();
  const gender = v.sex === 1 ? t('visitors.sex.male') : v.sex === 2 ? t('visitors.sex.female') : '';
  const genderAge = [gender, v.age !== null ? t('visitors.age', { n: v.age }) : ''].filter(Boolean).join(', ');

  return (
    <li className="visitor">
      <article className="visitor__card" aria-labelledby={`visitor-${v.user_id}`}>
        <div className="visitor__head">
          <Avatar src={v.avatar} firstName={v.first_name} lastName={v.last_name} countryCode={v.country_code} size="lg" />
          <div className="visitor__who">
            <h3 className="visitor__name" id={`visitor-${v.user_id}`}>
              <Link to={to(`/profiles/${v.user_id}`)}>{v.name || t('people.noName')}</Link>
              {v.is_me ? <span className="badge">{t('visitors.you')}</span> : null}
            </h3>
            {v.menu_id && v.menu_name ? (
              <button type="button" className="chip" title={t('visitors.filterBy', { name: label })} onClick={() => onFilterBy({ menuId: v.menu_id })}>
                {label}
              </button>
            ) : canFilterByRole ? (
              <button type="button" className="chip" title={t('visitors.filterBy', { name: label })} onClick={() => onFilterBy({ role: knownRole(v.role) })}>
                {label}
              </button>
            ) : (
              <span className="chip">{label}</span>
            )}
          </div>
          <PersonActions person={v} show={{ favorite: true }} />
        </div>

        <div className="visitor__texts">
          <section>
            <h4>{t('people.aboutMe')}</h4>
            <p>{orDash(about)}</p>
          </section>
          <section>
            <h4>{t('people.lookingFor')}</h4>
            <p>{orDash(looking)}</p>
          </section>
        </div>

        <dl className="visitor__details">
          <PersonDetail label={t('visitors.details.genderAge')} value={genderAge} />
          <PersonDetail label={t('visitors.details.city')} value={v.city_name} />
          <PersonDetail label={t('visitors.details.company')} value={v.company} />
          <PersonDetail label={t('visitors.details.position')} value={v.position} />
          <SocialLinksRow social={v.social} />
        </dl>

        {v.is_me && user ? <OwnCategory eventId={v.event_id} menuId={v.menu_id} event={event} /> : null}
        {!v.is_me ? (
          <div className="visitor__footer">
            <VisitorAppointment visitor={v} event={event} appointment={appointment} />
            {user ? <PersonActions person={v} show={{ like: true, message: true }} /> : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

const ROLES = ['visitor', 'organizer', 'speaker', 'sponsor', 'volunteer'] as const;
function knownRole(role: string): (typeof ROLES)[number] {
  return (ROLES as readonly string[]).includes(role) ? (role as (typeof ROLES)[number]) : 'visitor';
}
