import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DialogsFilter } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { SignedInOnly } from '../../ui/SignedInOnly.tsx';
import { DialogList } from './DialogList.tsx';
import { Conversation } from './Conversation.tsx';
import { NewMessage } from './NewMessage.tsx';
import './messages.css';

/**
 * /{locale}/profile/mymessages (networking.md §2 "Messages screen"): dialogs on the left, the open
 * dialog on the right; `?user_id=` opens the dialog with that person (other screens link here).
 * The open dialog lives in the address, so back and reload keep it; on narrow screens one column
 * shows at a time (CSS), with a back button in the dialog.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('messages.title'));
  return (
    <SignedInOnly title={t('messages.title')} guestText={t('messages.loginRequired')}>
      {(user) => <Messages viewerId={user.id} />}
    </SignedInOnly>
  );
}

function Messages({ viewerId }: { viewerId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<DialogsFilter>('all');
  const raw = Number(params.get('user_id'));
  const selected = Number.isInteger(raw) && raw > 0 && raw !== viewerId ? raw : null;
  const select = (id: number | null) => setParams(id === null ? {} : { user_id: String(id) });

  return (
    <div className={`messages-page${selected === null ? '' : ' messages-page--open'}`}>
      <div className="messages-page__head">
        <h1 className="messages-page__title">{t('messages.title')}</h1>
        <NewMessage viewerId={viewerId} onPick={select} />
      </div>
      <div className="messages-page__columns">
        <DialogList
          selected={selected}
          page={page}
          filter={filter}
          viewerId={viewerId}
          onSelect={select}
          onMore={() => setPage((p) => p + 1)}
          onFilter={(f) => {
            setFilter(f);
            setPage(1);
          }}
        />
        {selected === null ? (
          <p className="messages-page__placeholder muted">{t('messages.selectDialog')}</p>
        ) : (
          <Conversation key={selected} otherUserId={selected} onBack={() => select(null)} onClosed={() => select(null)} />
        )}
      </div>
    </div>
  );
}
