import { useTranslation } from 'react-i18next';
import type { VisitorsPageData } from '../../data/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';

/** The people chosen so far, each a chip that takes them off again. */
export function ChosenChips({ chosen, onRemove }: { chosen: Map<number, string>; onRemove(id: number, name: string): void }) {
  const { t } = useTranslation();
  if (!chosen.size) return null;
  return (
    <ul className="invite-chosen" aria-label={t('appointments.invite.chosen')}>
      {[...chosen].map(([id, name]) => (
        <li key={id}>
          <button type="button" className="chip" onClick={() => onRemove(id, name)} aria-label={t('appointments.invite.remove', { name })}>
            {name} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The visitors to choose from, a checkbox each; none can be added once the limit is reached. */
export function CandidateList({
  visitors,
  candidates,
  chosen,
  full,
  onToggle,
}: {
  visitors: { isLoading: boolean; data: VisitorsPageData };
  candidates: VisitorsPageData['items'];
  chosen: Map<number, string>;
  full: boolean;
  onToggle(id: number, name: string): void;
}) {
  const { t } = useTranslation();
  if (visitors.isLoading && candidates.length === 0) return <Spinner label={t('common.loading')} />;
  if (candidates.length === 0) {
    return <p className="muted">{visitors.data.source === 'unavailable' ? t('appointments.invite.unavailable') : t('appointments.invite.nobody')}</p>;
  }
  return (
    <fieldset className="choice-list invite-candidates">
      <legend className="visually-hidden">{t('appointments.invite.title')}</legend>
      {candidates.map((v) => (
        <label key={v.user_id} className="choice">
          <input
            type="checkbox"
            checked={chosen.has(v.user_id)}
            disabled={!chosen.has(v.user_id) && full}
            onChange={() => onToggle(v.user_id, v.name || t('appointments.someone'))}
          />
          <span>
            {v.name || t('appointments.someone')}
            {v.position || v.company ? <span className="muted"> · {[v.position, v.company].filter(Boolean).join(', ')}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
