import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../ui/useModalDialog.ts';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** The specs' widths: 940 (appointment), 460 (place), 500 (login or buy). */
  width: number;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() gives Escape and the inert page behind it for free,
 * which a hand-made overlay gets wrong in one way or another; useModalDialog keeps Tab inside and
 * gives focus back to the opener.
 */
export function Dialog({ open, onClose, title, width, children, footer, className }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useModalDialog(ref, open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape closes the native dialog by itself; the owner must hear of it to keep its state right.
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog ref={ref} className={['dialog', className].filter(Boolean).join(' ')} style={{ maxWidth: `min(${width}px, calc(100vw - 24px))` }} aria-labelledby={titleId}>
      {open ? (
        <div className="dialog__body">
          <div className="dialog__head">
            <h2 className="dialog__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={onClose} aria-label={t('appointments.close')} title={t('appointments.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="dialog__content">{children}</div>
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
