import { useRef, type KeyboardEvent } from 'react';
import type { VisitorsTab } from '../../data/index.ts';

export interface VisitorsTabsProps {
  tabs: { id: VisitorsTab; label: string }[];
  value: VisitorsTab;
  label: string;
  panelId: string;
  onChoose(tab: VisitorsTab): void;
}

/**
 * The top tabs of the visitors page. Unlike ui/Tabs they activate only on Enter, Space or click
 * (arrow keys just move focus): choosing country or city opens a dialog, and a guest's choice of
 * friends opens the login prompt, which arrowing past a tab must not do.
 */
export function VisitorsTabs({ tabs, value, label, panelId, onChoose }: VisitorsTabsProps) {
  const refs = useRef(new Map<VisitorsTab, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    refs.current.get(tabs[next]!.id)?.focus();
  };
  return (
    <div className="tabs__list visitors-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => onChoose(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
