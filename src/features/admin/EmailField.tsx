import { useTranslation } from 'react-i18next';

/** Is this worth sending as somebody's address? The server checks it properly; this catches typos. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/**
 * The address of a Foyer account (a team member, a stand's person, a speaker, an invitee), with
 * its problem tied to the input for screen readers. The label defaults to the team's wording.
 */
export function EmailField({
  id,
  value,
  onChange,
  problem,
  label,
  hintId,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  problem: string | null;
  label?: string;
  /** A hint elsewhere on the form that describes the field when there is no problem. */
  hintId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label ?? t('admin.team.email')}</label>
      <input
        id={id}
        type="email"
        value={value}
        maxLength={254}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className="field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
