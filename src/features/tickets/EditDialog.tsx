import { useTranslation } from 'react-i18next';
import { checkEdit } from '../../../contract/self-service.ts';
import { useTicketActions, type Ticket } from '../../data/index.ts';
import { TextField } from '../../ui/form/Field.tsx';
import { useFormState, type FieldRefusal } from '../../ui/form/useFormState.ts';
import { sendChecked, TicketFormDialog } from './TicketFormDialog.tsx';

const FIELDS = ['name', 'company'] as const;

/**
 * The attendee details printed on a ticket (name, company), corrected by its holder: checked here
 * by the server's own rules, then queued. Whether the organisers still take changes is the
 * server's to judge when the command arrives (their deadline); a late one comes back refused.
 */
export function EditDialog({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const form = useFormState<(typeof FIELDS)[number], FieldRefusal>(
    FIELDS,
    () => ({ name: ticket.name, company: ticket.company }),
    () => t('general.unknownError'),
  );
  const submit = async () => {
    const sent = await sendChecked(
      form,
      t,
      () => checkEdit(form.values),
      () => actions.edit(ticket.ticket_id, form.values.name, form.values.company),
    );
    if (sent) onClose();
  };
  return (
    <TicketFormDialog
      formId={`edit-${ticket.ticket_id}`}
      open={open}
      onClose={onClose}
      title={t('tickets.edit.title')}
      lead={t('tickets.edit.lead')}
      closeLabel={t('tickets.edit.close')}
      submitLabel={t('tickets.edit.save')}
      submitVariant="primary"
      busy={form.busy}
      onSubmit={() => void submit()}
    >
      <TextField label={t('tickets.fields.name')} autoComplete="name" {...form.field('name')} />
      <TextField label={t('tickets.fields.company')} autoComplete="organization" {...form.field('company')} />
    </TicketFormDialog>
  );
}
