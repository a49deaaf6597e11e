import type { ReactNode } from 'react';

/**
 * The frame of every icon: a 24-unit square drawn in the text's colour, decorative, so hidden from
 * assistive technology (the button or link around it carries the words).
 */
export function Icon({ size = 20, className = 'icon', children }: { size?: number; className?: string | null; children: ReactNode }) {
  return (
    <svg className={className ?? undefined} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** An outline that fills in when the thing is on (a favourite, a starred person or talk). */
function ToggledShape({ d, filled, strokeWidth = 1.8 }: { d: string; filled: boolean; strokeWidth?: number }) {
  return <path d={d} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={strokeWidth} strokeLinejoin="round" />;
}

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <Icon>
      <ToggledShape d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.5-4.2 6.1-.8z" filled={filled} />
    </Icon>
  );
}

/** The live stage's star of a talk: a little larger and lighter than the list's, bare of the icon class. */
export function TalkStarIcon({ filled }: { filled: boolean }) {
  return (
    <Icon size={22} className={null}>
      <ToggledShape d="M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L12 16.9l-5.25 2.75 1-5.85L3.5 9.7l5.9-.9z" filled={filled} strokeWidth={1.6} />
    </Icon>
  );
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <Icon>
      <ToggledShape d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.6 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10z" filled={filled} />
    </Icon>
  );
}

export function MessageIcon() {
  return (
    <Icon>
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon size={18}>
      <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M15 15l5 5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </Icon>
  );
}

export function PeopleIcon() {
  return (
    <Icon size={32} className={null}>
      <circle cx="9" cy="8" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="17" cy="9.5" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M3 19c.6-3.3 3-5 6-5s5.4 1.7 6 5M14.5 14.6c.8-.4 1.6-.6 2.5-.6 2.4 0 4.3 1.4 4.8 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </Icon>
  );
}
