import type { TFunction } from 'i18next';

/**
 * The words for a "too many requests" answer: with the wait the server gave ("try again in
 * 5 minutes", in the reader's language through Intl.RelativeTimeFormat), or without one.
 */
export function tooManyRequestsText(t: TFunction, locale: string, retryAfterSeconds?: number): string {
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return t('errors.rate_limited');
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const seconds = Math.ceil(retryAfterSeconds);
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60 ? format.format(seconds, 'second') : minutes < 60 ? format.format(minutes, 'minute') : format.format(Math.ceil(minutes / 60), 'hour');
  return t('errors.rate_limited_wait', { when });
}
