import { useId, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LIMITS } from '../../../contract/index.ts';
import { useProfileActions, validateVisitorInfo, type OwnProfile, type ProfilePatch, type VisitorInfoErrors } from '../../data/index.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Field, FormError } from '../../ui/form/Field.tsx';

type InfoField = 'company' | 'position' | 'status' | 'help';
const MESSAGE: Record<NonNullable<VisitorInfoErrors[keyof VisitorInfoErrors]>, string> = {
  position_required: 'profile.form.positionRequired',
  status_required: 'profile.form.statusRequired',
  help_required: 'profile.form.helpRequired',
};

export interface VisitorInfoFormProps {
  open: boolean;
  profile: OwnProfile;
  /** The show_status choices, first one the default. */
  statusTypes: { value: number; label: string }[];
  showStatus: number;
  onClose(): void;
}

/**
 * The visitor info form (networking.md §2 "Profile", §5): company optional; position, about me
 * (status) and I'm looking for (help) required, each checked when the field loses focus and all
 * of them on save; who can see me (show_status) defaulting to the first status type. Saving queues
 * a profile.update, so it works offline and shows at once.
 */
export function VisitorInfoForm({ open, profile, statusTypes, showStatus, onClose }: VisitorInfoFormProps) {
  const { t } = useTranslation();
  const actions = useProfileActions();
  const [values, setValues] = useState({
    company: profile.company,
    position: profile.position,
    status: profile.status,
    help: profile.help,
    show_status: showStatus,
  });
  const [touched, setTouched] = useState<Partial<Record<InfoField, boolean>>>({});
  const [failed, setFailed] = useState(false);
  const refs = useRef(new Map<InfoField, HTMLInputElement | HTMLTextAreaElement>());
  const base = useId();
  const errors = validateVisitorInfo(values);
  const shownError = (field: InfoField) => (touched[field] ? errors[field as keyof VisitorInfoErrors] : undefined);

  const blur = (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => setTouched((s) => ({ ...s, [e.target.name]: true }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ company: true, position: true, status: true, help: true });
    const first = (['position', 'status', 'help'] as const).find((f) => errors[f]);
    if (first) {
      refs.current.get(first)?.focus();
      return;
    }
    const patch: ProfilePatch = {};
    if (values.company.trim() !== profile.company) patch.company = values.company;
    if (values.position.trim() !== profile.position) patch.position = values.position;
    if (values.status.trim() !== profile.status) patch.status = values.status;
    if (values.help.trim() !== profile.help) patch.help = values.help;
    if (values.show_status !== profile.show_status) patch.show_status = values.show_status;
    if (Object.keys(patch).length === 0) return onClose();
    setFailed(false);
    actions.update(patch).then(onClose, (error: unknown) => {
      console.error('profile update failed', error);
      setFailed(true);
    });
  };

  const text = (field: InfoField, label: string, opts: { required: boolean; multiline?: boolean; max: number }) => {
    const id = `${base}-${field}`;
    const error = shownError(field);
    const common = {
      id,
      name: field,
      value: values[field],
      maxLength: opts.max,
      required: opts.required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onBlur: blur,
      ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
        if (el) refs.current.set(field, el);
      },
    };
    return (
      <div className="field">
        <label htmlFor={id}>
          {label}
          {opts.required ? null : <span className="muted"> {t('profile.form.optional')}</span>}
        </label>
        {opts.multiline ? (
          <textarea {...common} rows={3} onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))} />
        ) : (
          <input {...common} type="text" onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))} />
        )}
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {t(MESSAGE[error])}
          </p>
        ) : null}
      </div>
    );
  };

  const selectId = `${base}-show`;
  return (
    <Modal open={open} title={t('profile.form.title')} onClose={onClose} width={500}>
      <form className="profile-form" noValidate onSubmit={submit}>
        {text('company', t('profile.form.company'), { required: false, max: PROFILE_LIMITS.company })}
        {text('position', t('profile.form.position'), { required: true, max: PROFILE_LIMITS.position })}
        {text('status', t('profile.form.status'), { required: true, multiline: true, max: PROFILE_LIMITS.about })}
        {text('help', t('profile.form.help'), { required: true, multiline: true, max: PROFILE_LIMITS.about })}
        <Field id={selectId} label={t('profile.form.showStatus')}>
          <select value={values.show_status} onChange={(e) => setValues((v) => ({ ...v, show_status: Number(e.target.value) }))}>
            {statusTypes.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <FormError>{failed ? t('errors.local_write_failed') : null}</FormError>
        <div className="modal__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary">
            {t('profile.form.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
