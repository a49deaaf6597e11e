import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, useUnreadCount } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { TabIcon, type TabIconName } from './TabIcons.tsx';
import { setRootLength } from '../../ui/rootLength.ts';

interface Tab {
  key: TabIconName;
  path: string;
  /** Lit only on the exact path: the favorites page also starts with /events. */
  end?: boolean;
}

const TABS: Tab[] = [
  { key: 'events', path: '/events', end: true },
  { key: 'meetings', path: '/profile/mymeeting' },
  { key: 'messages', path: '/profile/mymessages' },
  { key: 'people', path: '/people' },
  { key: 'tickets', path: '/profile/mytickets' },
];

/**
 * The phone's navigation: five tabs fixed to the bottom of the screen, where a thumb reaches and
 * where event apps put them, instead of a header row that scrolls sideways and hides half of its
 * links. CSS shows it below 760 px only; the header keeps its own links on wider screens. Its height
 * goes into --bottom-bar-height, which the notices and prompts at the bottom add to stay above it.
 */
export function TabBar() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useSession();
  const { data: unread } = useUnreadCount();
  const count = user ? unread : 0;
  const ref = useRef<HTMLElement>(null);

  // After the first paint, not in a layout effect: measuring there forced the page's first layout
  // inside the render, and the new value on the root then made the browser style and lay out the
  // whole page again, all in one long task of the first visit. Nothing needs the value on the first
  // frame: no notice or prompt is up yet, and the page's bottom padding clears the bar without it.
  // The observer's first report comes with the next frame's layout.
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    // Hidden by CSS on wide screens: the height is 0 there, so nothing is lifted on a desktop.
    const report = () => setRootLength('--bottom-bar-height', bar.offsetHeight);
    const observer = new ResizeObserver(report);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, []);

  return (
    <nav ref={ref} className="tabbar" aria-label={t('nav.tabs.label')}>
      <ul className="tabbar__list">
        {TABS.map((tab) => (
          <li key={tab.key} className="tabbar__item">
            <NavLink to={to(tab.path)} end={tab.end} className={({ isActive }) => (isActive ? 'tabbar__link tabbar__link--active' : 'tabbar__link')}>
              <span className="tabbar__icon">
                <TabIcon name={tab.key} />
                {tab.key === 'messages' && count > 0 ? (
                  <span className="badge tabbar__badge" aria-hidden="true">
                    {count}
                  </span>
                ) : null}
              </span>
              <span className="tabbar__label">
                {t(`nav.tabs.${tab.key}`)}
                {/* Heard with the word ("Messages, 2 unread"); the badge is what the eye reads. */}
                {tab.key === 'messages' && count > 0 ? <span className="visually-hidden">{t('nav.tabs.unread', { count })}</span> : null}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
