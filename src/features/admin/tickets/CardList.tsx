import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/form/Field.tsx';

/**
 * The frame the sales lists share (ticket types, shared quotas, promo codes): cards edited in place,
 * one at a time, and a card for a new item below them. `editing` is the key of the card being
 * edited, `'new'` while adding, or null; the caller keeps it so its own buttons can open a card.
 */
export function CardList<T extends { key: string }>({
  items,
  editing,
  empty,
  form,
  row,
  add,
}: {
  items: readonly T[];
  editing: string | null;
  /** Shown when there is nothing yet and nothing is being added. */
  empty: ReactNode;
  /** The form for an item, or for a new one (null). */
  form(item: T | null): ReactNode;
  /** An item's card when it is not being edited; it carries its own key. */
  row(item: T): ReactNode;
  /** The button that opens the new item's card. */
  add: ReactNode;
}) {
  return (
    <>
      {items.length === 0 && editing !== 'new' ? empty : null}
      <ul className="admin__list">
        {items.map((item) =>
          editing === item.key ? (
            <li key={item.key} className="admin__card">
              {form(item)}
            </li>
          ) : (
            row(item)
          ),
        )}
      </ul>
      {editing === 'new' ? <div className="admin__card">{form(null)}</div> : add}
    </>
  );
}

/** A queued change the server refused, with the reason and a way to drop it from the list. */
export function RefusedNote({ code, onDismiss }: { code: string; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <FormError>
      {t('sales.refused', { reason: t(`errors.${code}`, { defaultValue: t('errors.unknown_error') }) })}{' '}
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        {t('rejections.discard')}
      </Button>
    </FormError>
  );
}

/** A card's two ways out of being as it is: open it in place, or remove it. */
export function EditDeleteButtons({ edit, remove, onEdit, onDelete }: { edit: ReactNode; remove: ReactNode; onEdit(): void; onDelete(): void }) {
  return (
    <div className="admin__buttons">
      <Button size="sm" onClick={onEdit}>
        {edit}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete}>
        {remove}
      </Button>
    </div>
  );
}
