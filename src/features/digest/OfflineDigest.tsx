import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOfflineDigest, type DigestLine } from '../../data/digest.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import './digest.css';

/**
 * "While you were offline": one short notice of what the pulls after a time away brought for the
 * person (sync/views/digest), each line a link to its screen; closing it empties it on this device.
 */
export function OfflineDigest() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { shown, more, total, dismiss } = useOfflineDigest();
  if (!total) return null;
  const text = (l: DigestLine) => t(`digest.${l.kind}`, { name: l.name || t('digest.someone'), count: l.count });
  return (
    <section className="offline-digest" aria-labelledby="offline-digest-title" data-testid="offline-digest">
      <h2 id="offline-digest-title" className="offline-digest__title">
        {t('digest.title')}
      </h2>
      <button type="button" className="notice-close" aria-label={t('common.dismiss')} onClick={() => void dismiss()}>
        <span aria-hidden="true">×</span>
      </button>
      <ul className="offline-digest__lines">
        {shown.map((l) => (
          <li key={l.key}>
            <Link to={to(l.link)} onClick={() => void dismiss()}>
              {text(l)}
            </Link>
          </li>
        ))}
        {more ? <li className="offline-digest__more">{t('digest.more', { count: more })}</li> : null}
      </ul>
    </section>
  );
}
