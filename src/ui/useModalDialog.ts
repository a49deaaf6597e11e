import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/** What Tab can reach inside `root`, in order: visible, enabled and not taken out with tabindex="-1". */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
}

/**
 * Opens and closes a native <dialog> as a modal and fills the two gaps showModal() leaves:
 * - Tab past the last control leaves the page for the browser's own toolbar before coming back, so
 *   the keyboard user seems lost; here it wraps to the first control (and Shift+Tab the other way).
 * - Focus goes back to what opened the dialog. The browser does that on close(), but most of our
 *   dialogs are unmounted rather than closed when their owner's state changes, and a removed dialog
 *   leaves focus on <body>, at the top of the page.
 * The owner hears of Escape and of a click on the backdrop through `onClose`.
 */
export function useModalDialog(open: boolean, onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // Layout effects: the dialog is open in the commit that draws it, never a frame later (Preact,
  // which renders the page, runs plain effects after the paint), and it hears Escape from the start.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape closes the native dialog by itself; the owner must hear of it to keep its state right.
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    // A click on the backdrop lands on the dialog element itself.
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog) close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
    };
  }, []);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    if (!open) restoreFocus(opener);
  }, [open]);

  // On unmount while open: the element is going away, so the browser will not restore focus itself.
  useEffect(() => () => restoreFocus(opener), []);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !dialog.open) return;
      const items = tabbables(dialog);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  return ref;
}

/** Gives focus back to what opened the dialog, once it has left the top layer. */
function restoreFocus(opener: RefObject<HTMLElement | null>): void {
  const target = opener.current;
  opener.current = null;
  if (!target?.isConnected) return;
  // Let the dialog leave the top layer first; another dialog opened in its place keeps the focus.
  queueMicrotask(() => {
    if (document.querySelector('dialog[open]')) return;
    target.focus();
  });
}
