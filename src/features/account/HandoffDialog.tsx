import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useHandoffActions,
  useRejections,
  useSession,
  useSyncStatus,
  type HandoffFailureCode,
  type HandoffPreview,
  type HandoffStep,
} from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { FormError } from '../../ui/form/Field.tsx';

/** How often the question asks the server again for the names while it cannot be reached. */
const PREVIEW_RETRY_MS = 5000;

export interface HandoffDialogProps {
  token: string;
  userId: number;
  first: Exclude<HandoffStep, { kind: 'done' }>;
  onClose(): void;
}

/**
 * "Sign in as <name>? You are signed in as <other>." Declining changes nothing: the session, the
 * local data and the queued work stay, and the link is not spent. Saying yes is possible only
 * once this device's unsent changes have reached the server (they are the current account's and
 * must be sent as it), so the button waits for the outbox to empty; offline it waits for the
 * server, which must be asked anyway. docs/DESIGN.md "Session handoff" says why.
 */
export function HandoffDialog({ token, userId, first, onClose }: HandoffDialogProps) {
  const { t } = useTranslation();
  const handoff = useHandoffActions();
  const session = useSession();
  const sync = useSyncStatus();
  const { items: refused } = useRejections();
  const [preview, setPreview] = useState<HandoffPreview | null>(first.kind === 'ask' ? first.preview : null);
  const [failure, setFailure] = useState<HandoffFailureCode | null>(first.kind === 'failed' ? first.code : null);
  const [busy, setBusy] = useState(false);
  const leftover = first.kind === 'ask' && first.leftover;

  // Offline when the link was opened: the names come once the server answers.
  useEffect(() => {
    if (preview || failure) return;
    let live = true;
    const timer = setInterval(() => {
      void handoff.preview(token, userId).then((seen) => {
        if (!live || !seen) return;
        if ('failed' in seen) setFailure(seen.failed);
        else setPreview(seen);
      });
    }, PREVIEW_RETRY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [preview, failure, handoff, token, userId]);

  const unsent = sync.pending + refused.filter((r) => r.parked).length;
  const user = session.user;
  const currentName = preview?.current?.name || (user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '');

  if (failure === 'link_invalid' || (failure && !preview)) {
    return (
      <Modal open onClose={onClose} title={t('account.handoff.failedTitle')} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
        <p role="alert">{failureText(t, failure)}</p>
      </Modal>
    );
  }

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    const done = await handoff.confirm(token, userId);
    setBusy(false);
    if (done.ok) onClose();
    else setFailure(done.code);
  };

  const name = preview?.name ?? '';
  return (
    <Modal
      open
      onClose={onClose}
      title={name ? t('account.handoff.title', { name }) : t('account.handoff.titleUnknown')}
      footer={
        <>
          <Button onClick={onClose}>{currentName ? t('account.handoff.stay', { name: currentName }) : t('account.handoff.notNow')}</Button>
          <Button variant="primary" busy={busy} disabled={!preview || unsent > 0 || leftover} onClick={() => void accept()}>
            {name ? t('account.handoff.accept', { name }) : t('account.handoff.acceptUnknown')}
          </Button>
        </>
      }
    >
      {currentName ? <p>{t('account.handoff.current', { name: currentName })}</p> : null}
      {leftover ? <p role="status">{t('account.handoff.leftover', { n: unsent })}</p> : null}
      {!leftover && unsent > 0 ? <p role="status">{t('account.handoff.unsent', { n: unsent })}</p> : null}
      {!preview ? <p role="status">{t('account.handoff.offline')}</p> : null}
      {failure ? <FormError>{failureText(t, failure)}</FormError> : null}
    </Modal>
  );
}

function failureText(t: (key: string) => string, code: HandoffFailureCode): string {
  if (code === 'network_error') return t('account.needsNetwork');
  if (code === 'unsent_changes') return t('account.handoff.unsentRefused');
  return t(`errors.${code}`);
}
