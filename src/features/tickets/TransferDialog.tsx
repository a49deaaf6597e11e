import { useTranslation } from 'react-i18next';
import { checkTransfer } from '../../../contract/self-service.ts';
import { useSession, useTicketActions, type Ticket } from '../../data/index.ts';
import { TextField } from '../../ui/form/Field.tsx';
import { useFormState, type FieldRefusal } from '../../ui/form/useFormState.ts';
import { sendChecked, TicketFormDialog } from './TicketFormDialog.tsx';

const FIELDS = ['email', 'name'] as const;

/**
 * Giving a ticket to somebody else (contract/self-service.ts): their address and the name for the
 * new ticket, checked here by the server's own rules so a mistake stands under its field, then
 * queued like every command, so it works offline and is sent once. The lead says plainly that this
 * ticket and its code stop working, since that cannot be undone.
 */
export function TransferDialog({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const actions = useTicketActions();
  const form = useFormState<(typeof FIELDS)[number], FieldRefusal>(FIELDS, { email: '', name: '' }, () => t('general.unknownError'));
  const submit = async () => {
    const sent = await sendChecked(
      form,
      t,
      () => checkTransfer(form.values, session.user?.email ?? null),
      () => actions.transfer(ticket.ticket_id, form.values.email.trim(), form.values.name),
    );
    if (sent) {
      form.reset({ email: '', name: '' });
      onClose();
    }
  };
  return (
    <TicketFormDialog
      formId={`transfer-${ticket.ticket_id}`}
      open={open}
      onClose={onClose}
      title={t('tickets.transfer.title')}
      lead={t('tickets.transfer.lead')}
      closeLabel={t('tickets.transfer.cancel')}
      submitLabel={t('tickets.transfer.submit')}
      submitVariant="danger"
      busy={form.busy}
      onSubmit={() => void submit()}
    >
      <TextField label={t('tickets.transfer.email')} type="email" autoComplete="off" {...form.field('email')} />
      <TextField label={t('tickets.transfer.name')} autoComplete="off" {...form.field('name')} />
    </TicketFormDialog>
  );
}
