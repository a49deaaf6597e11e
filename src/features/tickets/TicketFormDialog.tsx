import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import type { FieldRefusal, FieldTexts, FormState } from '../../ui/form/useFormState.ts';

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

/**
 * Queues a holder's command once the contract's own check of the fields passes, so the server's
 * rule is seen before going offline; its problem stands under the field it names. A queued command
 * is not refused here, so the answer is only whether it went.
 */
export async function sendChecked<F extends string>(
  form: FormState<F, FieldRefusal>,
  t: TFunction,
  check: () => { field: F; code: string } | null,
  send: () => Promise<void>,
): Promise<boolean> {
  const sent = await form.submit(
    () => {
      const problem = check();
      const texts: FieldTexts<F> = {};
      if (problem) texts[problem.field] = t(`errors.${problem.code}`);
      return texts;
    },
    async () => {
      await send();
      return { ok: true as const, data: null };
    },
  );
  return sent !== null;
}
