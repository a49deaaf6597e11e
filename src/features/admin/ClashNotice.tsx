import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/** Another organiser changed what this form edits: say so before saving over it, and offer theirs. */
export function ClashNotice({ text, onTakeTheirs }: { text: string; onTakeTheirs(): void }) {
  const { t } = useTranslation();
  return (
    <div className="admin-form__clash" role="alert">
      <p>{text}</p>
      <p>
        <Button size="sm" onClick={onTakeTheirs}>
          {t('admin.form.takeTheirs')}
        </Button>
      </p>
    </div>
  );
}
