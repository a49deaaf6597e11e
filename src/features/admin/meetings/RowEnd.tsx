import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';

/** The end of an editable row of the meeting settings: its remove button and, under it, what is wrong with the row. */
export function RowEnd({ rowId, label, problem, onRemove }: { rowId: string; label: string; problem: string | null | undefined; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="sm" variant="ghost" onClick={onRemove} aria-label={label}>
        {t('admin.team.remove')}
      </Button>
      {problem ? (
        <p id={`${rowId}-error`} className="field__error meeting-row__error">
          {t(`admin.fieldErrors.${problem}`)}
        </p>
      ) : null}
    </>
  );
}

/** The title, hint and list of a field made of rows (places, windows); the title names the list for screen readers. */
export function MeetingRows({
  titleId,
  title,
  hint,
  empty,
  children,
}: {
  titleId: string;
  title: string;
  hint: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <p className="admin__name" id={titleId}>
        {title}
      </p>
      <p className="muted small">{hint}</p>
      {empty ? <p className="muted">{empty}</p> : null}
      <ul className="meeting-rows" aria-labelledby={titleId}>
        {children}
      </ul>
    </>
  );
}
