import { useTranslation } from 'react-i18next';
import { useSession, useSpeechStars } from '../../data/index.ts';
import { TalkStarIcon } from '../../ui/icons.tsx';

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
      <TalkStarIcon filled={on} />
      {pending ? <span className="speech-star__pending" aria-hidden="true" /> : null}
    </button>
  );
}
