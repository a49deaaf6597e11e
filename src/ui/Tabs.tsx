import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Shown as a badge after the label; omitted while unknown. */
  count?: number;
}

export interface TabListProps<T extends string> {
  tabs: TabItem<T>[];
  value: T;
  onChange(value: T): void;
  /** Names the tab list for screen readers. */
  label: string;
  /** The id of the panel the tabs control. */
  panelId: string;
  /** Prefix for each tab's id, so a panel can name its tab with aria-labelledby. */
  idPrefix?: string;
  /**
   * 'automatic' selects a tab as the arrow keys reach it (right for cheap local panels); 'manual'
   * only moves focus and selects on Enter, Space or click, for tabs whose choice opens a dialog.
   */
  activation?: 'automatic' | 'manual';
  className?: string;
}

/** The WAI-ARIA tab list: one tab stop for the whole list; arrow keys, Home and End move between tabs. */
export function TabList<T extends string>({ tabs, value, onChange, label, panelId, idPrefix, activation = 'automatic', className }: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  // A row of tabs wider than a phone scrolls sideways: the chosen tab is brought into the row's view
  // (the row only, never the page), so a tab chosen by a link or restored from the address shows.
  useEffect(() => {
    const tab = refs.current.get(value);
    const row = tab?.parentElement;
    if (!tab || !row || row.scrollWidth <= row.clientWidth) return;
    const left = tab.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft) row.scrollLeft = left;
    else if (left + tab.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left + tab.offsetWidth - row.clientWidth;
  }, [value]);

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    if (activation === 'automatic') onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div className={className ? `tabs__list ${className}` : 'tabs__list'} role="tablist" aria-label={label}>
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
            id={idPrefix ? `${idPrefix}-tab-${tab.id}` : undefined}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            <span>{tab.label}</span>
            {tab.count !== undefined ? <span className="tabs__count">{tab.count}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

export interface TabsProps<T extends string> {
  tabs: TabItem<T>[];
  value: T;
  onChange(value: T): void;
  /** Names the tab list for screen readers. */
  label: string;
  children: ReactNode;
}

/** A tab list with its panel. The panels are cheap local queries, so activation is automatic. */
export function Tabs<T extends string>({ tabs, value, onChange, label, children }: TabsProps<T>) {
  const base = useId();
  return (
    <div className="tabs">
      <TabList tabs={tabs} value={value} onChange={onChange} label={label} panelId={`${base}-panel`} idPrefix={base} />
      <div className="tabs__panel" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
