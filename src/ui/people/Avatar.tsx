import { useState } from 'react';
import { initialsOf } from './format.ts';
import { Flag } from '../../ui/Flag.tsx';

export interface AvatarProps {
  src: string;
  firstName: string;
  lastName: string;
  countryCode?: string;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The person's picture, or drawn initials when there is none or it cannot be loaded (offline and
 * not cached yet): the spec's default avatar. The country flag sits on its corner when known.
 */
export function Avatar({ src, firstName, lastName, countryCode, size = 'md' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`person-avatar person-avatar--${size}`} aria-hidden="true">
      {src && !failed ? (
        <img className="person-avatar__img" src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className="person-avatar__initials">{initialsOf(firstName, lastName)}</span>
      )}
      <Flag code={countryCode} className="person-avatar__flag" />
    </span>
  );
}
