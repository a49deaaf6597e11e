import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSendComment, useBusy, type ChatActions } from '../../data/index.ts';
import { CHAT_IMAGE_MAX_BYTES, COMMENT_MAX_LENGTH } from '../../../contract/chat.ts';
import { clearIfSent } from '../../ui/sentField.ts';

/**
 * The comment form (events.md §2, §5): the send button stays disabled for a trimmed-empty text and
 * while the previous comment is being queued (or its picture uploaded), so a double tap sends once.
 * A picture needs a connection (src/data/chat.ts); offline the text is kept and the user is told.
 * A picture over the server's size limit is refused when chosen, before any upload.
 */
export function ChatForm({ actions }: { actions: ChatActions }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const fileRef = useRef<HTMLInputElement>(null);
  // Two events in one frame (a double tap, Enter and a click) both see `busy` from the last render.
  const sending = useRef(false);

  const submit = () => {
    if (!canSendComment(text, busy || sending.current)) return;
    sending.current = true;
    void run(async () => {
      const sent = text;
      const result = await actions.send(text, image);
      if (result.ok) {
        setText(clearIfSent(sent, ''));
        setImage(null);
        setNotice(null);
        if (fileRef.current) fileRef.current.value = '';
      } else {
        setNotice(t(`chat.sendError.${result.code}`));
      }
    }).finally(() => {
      sending.current = false;
    });
  };

  const choose = (file: File | null) => {
    if (file && file.size > CHAT_IMAGE_MAX_BYTES) {
      setImage(null);
      setNotice(t('chat.sendError.image_refused'));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setNotice(null);
    setImage(file);
  };

  return (
    <form
      className="chat-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="chat-form__text">
        <span className="visually-hidden">{t('chat.placeholder')}</span>
        <textarea
          className="input"
          rows={2}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
      </label>
      <div className="chat-form__row">
        <label className="chat-form__file btn btn--ghost btn--sm">
          {image ? t('chat.imageChosen', { name: image.name }) : t('chat.attach')}
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="visually-hidden"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className="btn btn--primary btn--sm" disabled={!canSendComment(text, busy)} aria-busy={busy || undefined}>
          {t('chat.send')}
        </button>
      </div>
      {notice ? (
        <p className="chat-form__notice" role="alert">
          {notice}
        </p>
      ) : null}
    </form>
  );
}
