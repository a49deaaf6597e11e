import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS, type SocialLinks } from '../../../contract/index.ts';
import { socialHref } from './format.ts';

/**
 * A person's social links as one row of a details list (dt/dd), or nothing when they have none.
 * Shared by the visitor card and the profile so both show the same networks the same way.
 */
export function SocialLinksRow({ social }: { social: SocialLinks }) {
  const { t } = useTranslation();
  const links = SOCIAL_NETWORKS.flatMap((n) => {
    const href = socialHref(n, social[n] ?? '');
    return href ? [{ network: n, href }] : [];
  });
  if (!links.length) return null;
  return (
    <div>
      <dt>{t('visitors.details.social')}</dt>
      <dd>
        <ul className="social-links">
          {links.map((l) => (
            <li key={l.network}>
              <a href={l.href} target="_blank" rel="noopener noreferrer nofollow">
                {t(`visitors.social.${l.network}`)}
              </a>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
