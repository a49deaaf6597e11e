import { useState } from 'react';
import type { Company } from '../../data/index.ts';

/**
 * The stand's logo: the thumbnail, the image, or the server's drawn placeholder (`logo` always names
 * one). When even that cannot load (offline, not cached yet) the first letters are drawn here, so a
 * card never shows a broken image.
 */
export function CompanyLogo({ company, size = 'md' }: { company: Pick<Company, 'logo' | 'name'>; size?: 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const letters = company.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return (
    <span className={`company-logo company-logo--${size}`} aria-hidden="true">
      {company.logo && !failed ? (
        <img className="company-logo__img" src={company.logo} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className="company-logo__letters">{letters}</span>
      )}
    </span>
  );
}
