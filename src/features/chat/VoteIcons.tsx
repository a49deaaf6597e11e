/**
 * Thumbs up and down of a chat comment's votes, drawn here rather than written as emoji: a device
 * without an emoji font shows an emoji as an empty box. Decorative: the button says what it does.
 */
const THUMB = 'M7 10v10H4V10zM7 10l4-7c1.7 0 2.6 1 2.3 2.7L12.8 9H18a2 2 0 0 1 2 2.3l-1.2 6.9A2 2 0 0 1 16.8 20H7';

export function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      className={down ? 'icon vote-icon vote-icon--down' : 'icon vote-icon'}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      data-icon={down ? 'thumb-down' : 'thumb-up'}
    >
      <path
        d={THUMB}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
        transform={down ? 'rotate(180 12 12)' : undefined}
      />
    </svg>
  );
}
