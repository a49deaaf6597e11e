import { useTranslation } from 'react-i18next';
import { usePeopleActions } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';

/** Withdraws an open invitation: its link stops working and the address leaves the list. */
export function WithdrawInvitation({ eventId, email }: { eventId: number; email: string }) {
  const { t } = useTranslation();
  const people = usePeopleActions();
  return (
    <Button size="sm" variant="ghost" onClick={() => void people.uninvite(eventId, email)} aria-label={t('admin.people.withdrawOf', { email })}>
      {t('admin.people.withdraw')}
    </Button>
  );
}
