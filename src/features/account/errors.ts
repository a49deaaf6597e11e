import type { TFunction } from 'i18next';
import type { AccountFailure } from '../../data/index.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';

/** The words of a refused account call; `network_error` says the form needs the network. */
export function accountErrorText(t: TFunction, locale: string, failure: AccountFailure): string {
  if (failure.code === 'rate_limited') return tooManyRequestsText(t, locale, failure.retryAfter);
  if (failure.code === 'network_error') return t('account.needsNetwork');
  return t(`errors.${failure.code}`);
}

/**
 * Splits a refusal into the field it concerns (when the form has that field) and the rest, so an
 * error shows next to its field and anything else above the form.
 */
export function placeError<F extends string>(
  t: TFunction,
  locale: string,
  failure: AccountFailure,
  fields: readonly F[],
): { field: Partial<Record<F, string>>; form: string | null } {
  const text = accountErrorText(t, locale, failure);
  const field = failure.field as F | undefined;
  if (field && fields.includes(field)) return { field: { [field]: text } as Partial<Record<F, string>>, form: null };
  return { field: {}, form: text };
}
