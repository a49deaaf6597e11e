import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog, useMessageActions, type MessageView } from '../../data/index.ts';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { MESSAGE_MAX_LENGTH } from '../../../contract/chat.ts';
import { dialogDate, personLabel } from './format.ts';
import { clearIfSent } from '../../ui/sentField.ts';

/**
 * The right column: one dialog from the device. Opening it marks the partner's messages read
 * (dialog.read, queued like everything else). Without an approved meeting the composer gives way
 * to the rule, as the server would refuse the message anyway.
 */
export function Conversation({ otherUserId, onBack, onClosed }: { otherUserId: number; onBack(): void; onClosed(): void }) {
  const { t } = useTranslation();
  const { data } = useDialog(otherUserId);
  const actions = useMessageActions();
  const { dialog, card, messages, viewerId, canWrite } = data;
  const name = personLabel(card, t('messages.unknownPerson', { id: otherUserId }));
  const endRef = useRef<HTMLLIElement | null>(null);

  const unread = dialog && dialog.dialog_id > 0 ? dialog.unread_count : 0;
  useEffect(() => {
    if (unread > 0) actions.markRead(otherUserId).catch((err: unknown) => console.error('foyer: marking the dialog read failed', err));
  }, [unread, otherUserId, actions]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const flag = (flags: { muted?: boolean; starred?: boolean; closed?: boolean }) =>
    actions.setFlags(otherUserId, flags).catch((err: unknown) => console.error('foyer: updating the dialog failed', err));
  // Flags live on the server's dialog: before the first message is through there is none to set.
  const flagsReady = Boolean(dialog && dialog.dialog_id > 0);

  return (
    <section className="conversation" aria-label={name}>
      <header className="conversation__header">
        <Button size="sm" className="conversation__back" onClick={onBack}>
          {t('messages.back')}
        </Button>
        <Avatar src={card?.avatar ?? ''} firstName={card?.first_name ?? ''} lastName={card?.last_name ?? ''} size="sm" />
        <h2 className="conversation__name">{name}</h2>
        <div className="conversation__tools">
          <Button size="sm" disabled={!flagsReady} aria-pressed={dialog?.muted ?? false} onClick={() => flag({ muted: !dialog?.muted })}>
            {t(dialog?.muted ? 'messages.unmute' : 'messages.mute')}
          </Button>
          <Button size="sm" disabled={!flagsReady} aria-pressed={dialog?.starred ?? false} onClick={() => flag({ starred: !dialog?.starred })}>
            {t(dialog?.starred ? 'messages.unstar' : 'messages.star')}
          </Button>
          <Button
            size="sm"
            disabled={!flagsReady}
            onClick={() => {
              void flag({ closed: true });
              onClosed();
            }}
          >
            {t('messages.close')}
          </Button>
        </div>
      </header>
      {dialog?.muted ? <p className="muted small">{t('messages.mutedNote')}</p> : null}
      {dialog?.closed ? <p className="muted small">{t('messages.closedNote')}</p> : null}
      {/* The list scrolls on its own: keyboard users need to reach it to scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <ol className="conversation__messages" aria-live="polite" aria-label={t('messages.history', { name })} tabIndex={0}>
        {messages.length === 0 ? <li className="muted">{t('messages.noMessages')}</li> : null}
        {messages.map((m) => (
          <MessageItem
            key={m.key}
            message={m}
            mine={m.sender_id === viewerId}
            onDismiss={() => m.commandId && void actions.dismiss(m.commandId)}
            onRetry={() => m.commandId && void actions.retry(m.commandId)}
          />
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
      {canWrite ? <Composer onSend={(text) => actions.send(otherUserId, text)} /> : <p className="conversation__rule">{t('messages.meetingRequired')}</p>}
    </section>
  );
}

function MessageItem({ message: m, mine, onDismiss, onRetry }: { message: MessageView; mine: boolean; onDismiss(): void; onRetry(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={`message${mine ? ' message--mine' : ''} message--${m.state}`}>
      {/* Text only: React escapes it, and nothing from users is ever set as markup. */}
      <p className="message__text">{m.text}</p>
      <span className="message__meta muted small">
        {dialogDate(m.created_at)}
        {m.state === 'pending' ? ` · ${t('messages.pending')}` : ''}
      </span>
      {m.state === 'failed' ? (
        <span className="message__failed" role="alert">
          {t('messages.failed')}: {i18n.exists(`errors.${m.code}`) ? t(`errors.${m.code}`) : t('errors.unknown_error')}{' '}
          {m.parked ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t('rejections.retry')}
            </Button>
          ) : null}{' '}
          <Button size="sm" onClick={onDismiss}>
            {m.parked ? t('rejections.discard') : t('messages.dismiss')}
          </Button>
        </span>
      ) : null}
    </li>
  );
}

function Composer({ onSend }: { onSend(text: string): Promise<boolean> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !text.trim()) return;
    setBusy(true);
    try {
      const sent = text;
      if (await onSend(text)) setText(clearIfSent(sent, ''));
    } catch (err) {
      console.error('foyer: queueing the message failed', err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="composer" onSubmit={(e) => void submit(e)}>
      <label className="visually-hidden" htmlFor="composer-text">
        {t('messages.composerLabel')}
      </label>
      <textarea
        id="composer-text"
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('messages.placeholder')}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) void submit(e);
        }}
      />
      <Button type="submit" variant="primary" disabled={busy || !text.trim()}>
        {t('messages.send')}
      </Button>
    </form>
  );
}
