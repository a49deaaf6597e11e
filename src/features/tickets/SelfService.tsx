import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_TICKET_TYPE } from '../../../contract/tickets.ts';
import { useTicketActions, useUnsentCommands, type QueuedCommand, type Ticket } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNow } from '../../ui/useNow.ts';
import { EditDialog } from './EditDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';

/**
 * What the holder may do with a ticket themselves (issue 30): correct its attendee details, give
 * it to somebody else, give a free one back, or ask the organisers to take back a paid one. Both are queued commands, so they work offline; while one waits the card says so
 * and offers neither again. The server judges each again with what it knows (the door's scans, the
 * order), and a refusal reaches the app's list of refused actions in the person's language.
 */

export interface SelfServiceState {
  queued: QueuedCommand | undefined;
  canEdit: boolean;
  canTransfer: boolean;
  canCancel: boolean;
}

export function useSelfService(ticket: Ticket, hidden: boolean): SelfServiceState {
  const queued = useUnsentCommands().value.find(
    (c) => (c.kind === 'ticket.transfer' || c.kind === 'ticket.cancel' || c.kind === 'ticket.edit') && c.payload.ticket_id === ticket.ticket_id,
  );
  const now = useNow(60_000);
  const open = !hidden && !queued;
  return {
    queued,
    // The organisers' deadline (hours before the start) is the server's to judge; after the start nobody edits.
    canEdit: open && ticket.when * 1000 > now,
    // A registration is the person's own (whoever gets it registers themselves); an event that is over has nothing to give.
    canTransfer: open && ticket.type !== REGISTRATION_TICKET_TYPE && ticket.when_end * 1000 > now,
    // Before the event starts: a free ticket at once (nothing is paid back), a paid one as a request
    // the organisers approve, when they take requests and none waits already.
    canCancel: open && (ticket.price === 0 || ticket.paid_cancel === 'request') && ticket.when * 1000 > now,
  };
}

export function SelfServiceActions({ ticket, self }: { ticket: Ticket; self: SelfServiceState }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const [open, setOpen] = useState<'edit' | 'transfer' | 'cancel' | null>(null);
  const close = () => setOpen(null);
  const paid = ticket.price > 0;
  return (
    <>
      {self.canEdit ? (
        <Button size="sm" variant="ghost" onClick={() => setOpen('edit')}>
          {t('tickets.edit.open')}
        </Button>
      ) : null}
      {self.canTransfer ? (
        <Button size="sm" variant="ghost" onClick={() => setOpen('transfer')}>
          {t('tickets.transfer.open')}
        </Button>
      ) : null}
      {self.canCancel ? (
        <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')}>
          {t('tickets.cancel.open')}
        </Button>
      ) : null}
      {self.canEdit && open === 'edit' ? <EditDialog ticket={ticket} open onClose={close} /> : null}
      {self.canTransfer ? <TransferDialog ticket={ticket} open={open === 'transfer'} onClose={close} /> : null}
      {self.canCancel ? (
        <Modal
          open={open === 'cancel'}
          onClose={close}
          title={t('tickets.cancel.title')}
          footer={
            <>
              <Button variant="secondary" onClick={close}>
                {t('tickets.cancel.keep')}
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  close();
                  void actions.cancel(ticket.ticket_id);
                }}
              >
                {t(paid ? 'tickets.cancel.requestConfirm' : 'tickets.cancel.confirm')}
              </Button>
            </>
          }
        >
          <p>{t(paid ? 'tickets.cancel.request' : 'tickets.cancel.free')}</p>
        </Modal>
      ) : null}
    </>
  );
}

/** While an edit, a transfer or a cancellation waits for the network, the card says which. */
export function SelfServiceNote({ ticket, self }: { ticket: Ticket; self: SelfServiceState }) {
  const { t } = useTranslation();
  // The holder's request to cancel a paid ticket waits for the organisers; the ticket is still valid.
  if (!self.queued && ticket.paid_cancel === 'requested') return <p className="muted small">{t('tickets.cancel.requested')}</p>;
  if (!self.queued) return null;
  const kind = self.queued.kind;
  const text =
    kind === 'ticket.transfer'
      ? t('tickets.transfer.waiting', { email: String(self.queued.payload.email ?? '') })
      : kind === 'ticket.edit'
        ? t('tickets.edit.waiting')
        : t('tickets.cancel.waiting');
  return <p className="muted small">{text}</p>;
}
