import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchedule, type EventView } from '../../data/index.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { EventChat } from '../chat/EventChat.tsx';
import { LiveVisitors } from './LiveVisitors.tsx';
import { Speech } from './LiveStage.tsx';

export type PanelTab = 'speech' | 'comments' | 'visitors';

/** events.md §2: speech only on the stage; elsewhere the comments tab comes first and is preselected. */
export function panelTabs(onStage: boolean): { tabs: PanelTab[]; initial: PanelTab } {
  return onStage ? { tabs: ['speech', 'comments', 'visitors'], initial: 'speech' } : { tabs: ['comments', 'visitors'], initial: 'comments' };
}

/**
 * The live page's secondary panel. A tab the reader picks holds while they stay on the same kind
 * of section; moving between the stage and the other sections starts again from that kind's
 * default, as the spec asks.
 */
export function LivePanel({ event, onStage, visitorsPath }: { event: EventView; onStage: boolean; visitorsPath: string }) {
  const { t } = useTranslation();
  const { tabs, initial } = panelTabs(onStage);
  const [choice, setChoice] = useState<{ onStage: boolean; tab: PanelTab } | null>(null);
  const tab = choice && choice.onStage === onStage && tabs.includes(choice.tab) ? choice.tab : initial;

  return (
    <aside className="live-panel" aria-label={t('live.panel.label')} data-testid="live-panel">
      <Tabs tabs={tabs.map((id) => ({ id, label: t(`live.panel.${id}`) }))} value={tab} onChange={(next) => setChoice({ onStage, tab: next })} label={t('live.panel.label')}>
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
