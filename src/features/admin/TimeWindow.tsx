import { fromLocalInput, toLocalInput } from './form.ts';
import { Field } from './Field.tsx';

/** One end of a time window: its field, the unix seconds it holds (null when open) and how to change them. */
export interface WindowEnd {
  id: string;
  label: string;
  value: number | null;
  set(unix: number | null): void;
  /** A key under sales.fieldErrors, shown only once a save was tried. */
  problem?: string;
}

/**
 * A from–until pair of the ticket forms, typed as the venue's wall clock in the event's timezone;
 * either end may stay open.
 */
export function TimeWindow({ legend, hint, timezone, from, until }: { legend: string; hint: string; timezone: string; from: WindowEnd; until: WindowEnd }) {
  return (
    <fieldset className="admin-form__section">
      <legend>{legend}</legend>
      <p className="muted small">{hint}</p>
      <div className="admin-form__pair">
        {[from, until].map((end) => (
          <Field key={end.id} errors="sales" id={end.id} label={end.label} problem={end.problem}>
            <input
              type="datetime-local"
              value={end.value === null ? '' : toLocalInput(end.value, timezone)}
              onChange={(e) => end.set(fromLocalInput(e.target.value, timezone))}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
