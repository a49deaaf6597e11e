import type { VisitorsTab } from '../../data/index.ts';
import { TabList } from '../../ui/Tabs.tsx';

export interface VisitorsTabsProps {
  tabs: { id: VisitorsTab; label: string }[];
  value: VisitorsTab;
  label: string;
  panelId: string;
  onChoose(tab: VisitorsTab): void;
}

/**
 * The top tabs of the visitors page. Unlike most tabs they activate only on Enter, Space or click
 * (arrow keys just move focus): choosing country or city opens a dialog, and a guest's choice of
 * friends opens the login prompt, which arrowing past a tab must not do.
 */
export function VisitorsTabs({ tabs, value, label, panelId, onChoose }: VisitorsTabsProps) {
  return <TabList tabs={tabs} value={value} onChange={onChoose} label={label} panelId={panelId} activation="manual" className="visitors-tabs" />;
}
