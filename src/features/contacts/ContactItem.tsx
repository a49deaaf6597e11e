import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_NOTE_MAX } from '../../../contract/contacts.ts';
import type { CardPerson } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { cardLine, fullName } from './format.ts';

interface Person extends CardPerson {
  user_id: number;
  unsent: boolean;
}

interface ItemProps {
  contact: Person;
  /** Where and when: "Met at {event}, {date}", or when the stand scanned them. */
  meta: string;
  actions: { note(userId: number, note: string): Promise<void>; remove(userId: number): Promise<void> };
  /** The second tap of removal says what it removes from. */
  removeLabel?: string;
  /** More of the item between the details and the note (a lead's rating). */
  children?: ReactNode;
}

/** One contact (or a stand's lead): who, where and when they met, how to reach them, the note, and removal (asked twice). */
export function ContactItem({ contact: c, meta, actions, removeLabel, children }: ItemProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const [note, setNote] = useState(c.note);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Opening or leaving the editor starts from the note as it is now (a sync may have changed it).
  const edit = (open: boolean) => {
    setNote(c.note);
    setEditing(open);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await actions.note(c.user_id, note);
    setEditing(false);
  };
  return (
    <li className="card contact" data-user-id={c.user_id}>
      <h2 className="contact__name">{fullName(c)}</h2>
      {cardLine(c) ? <p className="contact__work">{cardLine(c)}</p> : null}
      <p className="contact__reach">
        {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}
        {c.phone ? <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a> : null}
      </p>
      <p className="muted small">
        {meta}
        {c.unsent ? <span className="contact__unsent">{t('contacts.unsent')}</span> : null}
      </p>
      {children}
      {editing ? (
        <form className="contact__note-form" onSubmit={(e) => void save(e)}>
          <label htmlFor={noteId}>{t('contacts.note')}</label>
          <textarea id={noteId} value={note} maxLength={CONTACT_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} />
          <div className="contact__actions">
            <Button type="submit" variant="primary" size="sm">
              {t('contacts.noteSave')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => edit(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {c.note ? <p className="contact__note">{c.note}</p> : null}
          <div className="contact__actions">
            <Button size="sm" variant="ghost" onClick={() => edit(true)}>
              {c.note ? t('contacts.noteEdit') : t('contacts.noteAdd')}
            </Button>
            {confirming ? (
              <Button size="sm" variant="danger" onClick={() => void actions.remove(c.user_id)}>
                {removeLabel ?? t('contacts.removeConfirm')}
              </Button>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                {t('contacts.remove')}
              </Button>
            )}
          </div>
        </>
      )}
    </li>
  );
}
