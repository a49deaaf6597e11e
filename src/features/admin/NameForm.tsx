import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { clearIfSent } from '../../ui/sentField.ts';

/** A one-field form that adds something by its name (a track, a stand); an empty name is refused next to it. */
export function NameForm({
  label,
  submit,
  maxLength,
  className,
  onAdd,
}: {
  label: string;
  submit: string;
  maxLength: number;
  className?: string;
  onAdd(name: string): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(false);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!/[\p{L}\p{N}]/u.test(name)) {
      setProblem(true);
      return;
    }
    setProblem(false);
    const sent = name;
    await onAdd(name.trim());
    setName(clearIfSent(sent, ''));
  };
  return (
    <form className={className ? `admin__add ${className}` : 'admin__add'} onSubmit={(e) => void add(e)} noValidate>
      <Field id={id} label={label} error={problem ? t('admin.fieldErrors.required') : undefined}>
        <input value={name} maxLength={maxLength} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Button type="submit" variant="primary">
        {submit}
      </Button>
    </form>
  );
}
