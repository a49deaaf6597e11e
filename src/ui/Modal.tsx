import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './useModalDialog.ts';
import './styles/modal.css';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Pixels; the specs' widths are 940 (appointment, call), 500 (login, buy, profile form) and 460. */
  width?: number;
  children: ReactNode;
  /** Buttons at the bottom (confirm, cancel). */
  footer?: ReactNode;
  className?: string;
}

/**
 * The one modal of the app, on the native <dialog>: showModal() gives Escape and the inert page
 * behind it for free, which a hand-made overlay gets wrong in one way or another; useModalDialog
 * keeps Tab inside and gives focus back to the opener, even when the owner unmounts the modal
 * instead of closing it. A click on the backdrop closes it too.
 */
export function Modal({ open, onClose, title, width = 460, children, footer, className }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useModalDialog(open, onClose);

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      style={{ maxWidth: `min(${width}px, calc(100vw - 24px))` }}
      aria-labelledby={titleId}
    >
      {open ? (
        <div className="modal__body">
          <div className="modal__head">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="modal__close" onClick={onClose} aria-label={t('common.close')} title={t('common.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="modal__content">{children}</div>
          {footer ? <div className="modal__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
