import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_NOTE_MAX } from '../../../contract/contacts.ts';
import type { ContactActions, ContactView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { cardLine, fullName } from './format.ts';

/** One contact: who, where and when they met, how to reach them, the user's note, and removal (asked twice). */
export function ContactItem({ contact: c, date, actions }: { contact: ContactView; date: string; actions: ContactActions }) {
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
        {t('contacts.metAt', { event: c.event_name || '—', date })}
        {c.unsent ? <span className="contact__unsent">{t('contacts.unsent')}</span> : null}
      </p>
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
                {t('contacts.removeConfirm')}
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
