import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

export interface TicketFormDialogProps {
  /** The form's id, which the footer's submit button names since it stands outside the form. */
  formId: string;
  open: boolean;
  onClose(): void;
  title: string;
  lead: string;
  closeLabel: string;
  submitLabel: string;
  submitVariant: ButtonVariant;
  busy: boolean;
  onSubmit(): void;
  children: ReactNode;
}

/**
 * The frame of a holder's changes to one ticket (edit, transfer): a modal whose footer submits the
 * form inside it. The fields are checked by our own code, so the browser's checks are turned off.
 */
export function TicketFormDialog({
  formId,
  open,
  onClose,
  title,
  lead,
  closeLabel,
  submitLabel,
  submitVariant,
  busy,
  onSubmit,
  children,
}: TicketFormDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
          <Button type="submit" variant={submitVariant} form={formId} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <p className="muted">{lead}</p>
        {children}
      </form>
    </Modal>
  );
}
