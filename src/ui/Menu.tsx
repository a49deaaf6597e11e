import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuProps {
  /** The content of the button that opens the menu. */
  trigger: ReactNode;
  /** Spoken name of the button; it should contain the words the trigger shows. */
  label: string;
  align?: 'start' | 'end';
  /** Told whenever the panel opens or closes (the notifications panel marks what it shows as seen). */
  onOpenChange?(open: boolean): void;
  /** An extra class on the root, for a menu styled on its own. */
  className?: string;
  children(close: () => void): ReactNode;
}

/**
 * A disclosure menu: a button that shows a list of links or actions. Escape and a click elsewhere
 * close it and give focus back to the button, so keyboard users never lose their place.
 */
export function Menu({ trigger, label, align = 'end', onOpenChange, className, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  useEffect(() => onOpenChangeRef.current?.(open), [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the menu's children closes it; the wrapper itself is not interactive
    <div
      className={className ? `menu ${className}` : 'menu'}
      ref={rootRef}
      onBlur={(event) => {
        // Tabbing out of the open panel closes it. A blur without a new focus target is left to the
        // pointerdown listener: Safari does not focus links on click, and closing here would swallow it.
        const next = event.relatedTarget as Node | null;
        if (open && next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button ref={buttonRef} type="button" className="menu__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        {/* The spoken name is the label alone; an aria-label over different visible text (initials,
            a job title) would leave voice-control users guessing what to say (WCAG 2.5.3). */}
        <span className="visually-hidden">{label}</span>
        <span className="menu__trigger" aria-hidden="true">
          {trigger}
        </span>
        <span className="menu__caret" aria-hidden="true" />
      </button>
      {/* The panel's content is drawn only while it is open: the header re-renders on every route
          change, and a closed panel of notices or links is work nobody sees. */}
      <div id={panelId} className={`menu__panel menu__panel--${align}`} hidden={!open}>
        {open ? children(close) : null}
      </div>
    </div>
  );
}
