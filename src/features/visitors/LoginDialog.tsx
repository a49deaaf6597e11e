import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLoginHref } from '../../ui/useRequireLogin.ts';
import { Modal } from '../../ui/Modal.tsx';

/** What a guest sees on choosing a tab or filter that needs an account (networking.md §4). */
export function LoginDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  return (
    <Modal
      open={open}
      width={500}
      title={t('visitors.login.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <Link className="btn btn--primary" to={loginHref}>
            {t('header.login')}
          </Link>
        </>
      }
    >
      <p>{t('visitors.login.text')}</p>
    </Modal>
  );
}
