import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchedule, type EventView } from '../../data/index.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useWidgets } from '../../ui/widgets.ts';
import { LiveVisitors } from './LiveVisitors.tsx';
import { Speech } from './LiveStage.tsx';
import { isStageSection } from './access.ts';

export type PanelTab = 'speech' | 'comments' | 'visitors';
/** The kinds of section that give the panel its own set of tabs. */
export type PanelKind = 'stage' | 'chat' | 'visitors' | 'other';

export function panelKind(section: string): PanelKind {
  if (isStageSection(section)) return 'stage';
  if (section === 'chat' || section === 'visitors') return section;
  return 'other';
}

/**
 * events.md §2: speech only on the stage; elsewhere the comments tab comes first and is preselected.
 * The chat section is the exception: its main area already is the chat, and a second copy in the
 * panel would mean two forms and two scroll positions for one conversation. There the panel keeps
 * what is happening on the stage next to the floating video, with the speech first. Likewise the
 * visitors section, whose main area already is the visitors list, keeps comments and speech.
 */
export function panelTabs(kind: PanelKind): { tabs: PanelTab[]; initial: PanelTab } {
  switch (kind) {
    case 'stage':
      return { tabs: ['speech', 'comments', 'visitors'], initial: 'speech' };
    case 'chat':
      return { tabs: ['speech', 'visitors'], initial: 'speech' };
    case 'visitors':
      return { tabs: ['comments', 'speech'], initial: 'comments' };
    case 'other':
      return { tabs: ['comments', 'visitors'], initial: 'comments' };
  }
}

/**
 * The live page's secondary panel. A tab the reader picks holds while they stay on the same kind
 * of section; moving to another kind starts again from that kind's default, as the spec asks for
 * the move between the stage and the rest.
 */
export function LivePanel({ event, kind, visitorsPath }: { event: EventView; kind: PanelKind; visitorsPath: string }) {
  const { EventChat } = useWidgets();
  const { t } = useTranslation();
  const { tabs, initial } = panelTabs(kind);
  const [choice, setChoice] = useState<{ kind: PanelKind; tab: PanelTab } | null>(null);
  const tab = choice && choice.kind === kind && tabs.includes(choice.tab) ? choice.tab : initial;

  return (
    <aside className="live-panel" aria-label={t('live.panel.label')} data-testid="live-panel">
      <Tabs
        tabs={tabs.map((id) => ({ id, label: t(`live.panel.${id}`) }))}
        value={tab}
        onChange={(next) => setChoice({ kind, tab: next })}
        label={t('live.panel.label')}
      >
        {tab === 'speech' ? (
          <CurrentSpeech eventId={event.event_id} />
        ) : tab === 'comments' ? (
          <EventChat eventId={event.event_id} className="live-panel__chat" />
        ) : (
          <LiveVisitors eventId={event.event_id} event={event} visitorsPath={visitorsPath} />
        )}
      </Tabs>
    </aside>
  );
}

function CurrentSpeech({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { data } = useSchedule(eventId);
  return data.current ? <Speech speech={data.current} open /> : <p className="muted">{t('live.noSchedule')}</p>;
}
