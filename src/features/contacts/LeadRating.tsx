import { useTranslation } from 'react-i18next';
import { LEAD_RATING_MAX } from '../../../contract/leads.ts';

/** A lead's rating as five stars; tapping the current rating again clears it. */
export function LeadRating({ rating, onRate }: { rating: number; onRate(rating: number): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="lead-rating">
      <legend className="visually-hidden">{t('leads.rating')}</legend>
      {Array.from({ length: LEAD_RATING_MAX }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className={n <= rating ? 'lead-rating__star lead-rating__star--on' : 'lead-rating__star'}
          aria-pressed={n === rating}
          aria-label={t('leads.stars', { n })}
          onClick={() => onRate(n === rating ? 0 : n)}
        >
          ★
        </button>
      ))}
    </fieldset>
  );
}
