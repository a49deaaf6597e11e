import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyAppointments } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { messageablePeople, personLabel } from './format.ts';
import './new-message.css';

/**
 * "New message": a dialog starts with someone the user may write to, the people of their agreed
 * meetings, picked from a list that the device holds (offline too).
 */
export function NewMessage({ viewerId, onPick }: { viewerId: number; onPick(userId: number): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: items } = useMyAppointments();
  const people = useMemo(() => messageablePeople(items, viewerId), [items, viewerId]);
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
        {t('messages.new')}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('messages.newTitle')}>
        {people.length === 0 ? (
          <p className="muted">{t('messages.newEmpty')}</p>
        ) : (
          <ul className="new-message__list">
            {people.map((p) => (
              <li key={p.user_id}>
                <button
                  type="button"
                  className="new-message__person"
                  onClick={() => {
                    setOpen(false);
                    onPick(p.user_id);
                  }}
                >
                  <Avatar src={p.avatar} firstName={p.first_name} lastName={p.last_name} size="sm" />
                  <span className="new-message__who">
                    <span className="new-message__name">{personLabel(p, t('messages.unknownPerson', { id: p.user_id }))}</span>
                    {p.about ? <span className="muted small">{p.about}</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
