import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, type StandMember } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Menu } from '../../ui/Menu.tsx';
import { Avatar } from '../../ui/people/Avatar.tsx';

/**
 * One member of a stand with the dropdown of events.md §2: go to the profile and, for a signed-in
 * user other than that member, make an appointment. The appointment link keeps the current page
 * and adds ?meeting_user_id= (with the event), which the appointments dashboard answers by opening
 * its request modal.
 */
export function MemberMenu({ member, eventId }: { member: StandMember; eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useSession();
  const { pathname } = useLocation();
  const name = `${member.first_name} ${member.last_name}`.trim();
  const canMeet = user ? user.id !== member.user_id : false;
  const meet = `${pathname}?${new URLSearchParams({ meeting_user_id: String(member.user_id), event_id: String(eventId) })}`;
  return (
    <Menu
      align="start"
      label={t('companies.memberMenu', { name })}
      trigger={
        <span className="stand-member">
          <Avatar src={member.avatar} firstName={member.first_name} lastName={member.last_name} size="sm" />
          <span className="stand-member__text">
            <span className="stand-member__name">{name}</span>
            {member.position ? <span className="stand-member__position">{member.position}</span> : null}
          </span>
        </span>
      }
    >
      {(close) => (
        <ul className="menu__list">
          <li>
            <Link className="menu__item" to={to(`/profiles/${member.user_id}`)} onClick={close}>
              {t('companies.goToProfile')}
            </Link>
          </li>
          {canMeet ? (
            <li>
              <Link className="menu__item" to={meet} onClick={close}>
                {t('companies.makeAppointment')}
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </Menu>
  );
}
