import { useTranslation } from 'react-i18next';
import { useSession, useSpeechStars } from '../../data/index.ts';

/**
 * A star on a speech of the live stage (issue 16): the user notes a talk to attend, and it shows in
 * their calendar and its feed. Queued like every edit, so it works offline; a star not yet sent says
 * so. Guests have no calendar, so they see no star.
 */
export function SpeechStar({ eventId, speechId, title }: { eventId: number; speechId: number; title: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const stars = useSpeechStars(eventId);
  if (!user) return null;
  const on = stars.starred.has(speechId);
  const pending = stars.pending.has(speechId);
  return (
    <button
      type="button"
      className={`speech-star${on ? ' speech-star--on' : ''}`}
      aria-pressed={on}
      aria-label={t('live.star', { title })}
      title={pending ? t('live.starPending') : on ? t('live.starredHint') : t('live.starHint')}
      onClick={() => void stars.set(speechId, !on)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L12 16.9l-5.25 2.75 1-5.85L3.5 9.7l5.9-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {pending ? <span className="speech-star__pending" aria-hidden="true" /> : null}
    </button>
  );
}
