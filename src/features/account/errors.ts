import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountFailure } from '../../data/index.ts';
import { useFormState } from '../../ui/form/useFormState.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** The words of a refused account call; `network_error` says the form needs the network. */
export function accountErrorText(t: TFunction, locale: string, failure: AccountFailure): string {
  if (failure.code === 'rate_limited') return tooManyRequestsText(t, locale, failure.retryAfter);
  if (failure.code === 'network_error') return t('account.needsNetwork');
  return t(`errors.${failure.code}`);
}

/** An account form's state (src/ui/form), its refusals in the account area's words. */
export function useAccountForm<F extends string>(fields: readonly F[], initial: Record<F, string> | (() => Record<F, string>)) {
  const { t } = useTranslation();
  const locale = useLocale();
  const describe = useCallback((failure: AccountFailure) => accountErrorText(t, locale, failure), [t, locale]);
  return useFormState(fields, initial, describe);
}
