/** Outline icons of the phone's tab bar; decorative, the label under each says what it is. */
import { Icon } from '../../ui/icons.tsx';

export type TabIconName = 'events' | 'meetings' | 'messages' | 'people' | 'tickets';

const PATHS: Record<TabIconName, string> = {
  events: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  meetings: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 8v4l3 2',
  messages: 'M4 5h16v11H9l-5 4z',
  people: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.2-6 6.5-6s5.9 2.4 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.4M18.5 14.5c1.6.9 2.7 2.9 3 5.5',
  tickets: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
};

export function TabIcon({ name }: { name: TabIconName }) {
  return (
    <Icon size={24}>
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </Icon>
  );
}
