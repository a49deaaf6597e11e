import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom (confirm, cancel). */
  footer?: ReactNode;
  /** Pixels; the spec's modals are 460 or 500 px wide. */
  width?: number;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind it inert, keeps Tab inside and
 * closes on Escape, and focus returns to what opened it, so keyboard and screen-reader users get
 * the dialog pattern without a hand-made focus trap.
 */
export function Modal({ open, title, onClose, children, footer, width = 460 }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      style={{ maxWidth: `min(${width}px, calc(100vw - 24px))` }}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="modal__inner">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer ? <footer className="modal__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
