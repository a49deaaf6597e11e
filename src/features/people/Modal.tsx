import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../ui/useModalDialog.ts';

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
 * A modal on the native <dialog>: showModal() makes the page behind it inert and closes on Escape;
 * useModalDialog keeps Tab inside and returns focus to what opened it, even when the owner unmounts
 * the modal instead of closing it.
 */
export function Modal({ open, title, onClose, children, footer, width = 460 }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useModalDialog(ref, open);

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
