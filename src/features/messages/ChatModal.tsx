import { useTranslation } from 'react-i18next';
import { useProfile } from '../../data/index.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Conversation } from './Conversation.tsx';

/**
 * The chat modal of a visitor card's Message button (networking.md §2): the dialog with that
 * person over the page, from the device like the messages screen, so the list stays where it was.
 */
export function ChatModal({ userId, onClose }: { userId: number; onClose(): void }) {
  const { t } = useTranslation();
  const { data } = useProfile(userId);
  const name = data.kind === 'other' ? data.person.first_name : '';
  return (
    <Modal open onClose={onClose} width={640} className="chat-modal" title={t('messages.modalTitle', { name })}>
      <Conversation otherUserId={userId} onBack={onClose} onClosed={onClose} />
    </Modal>
  );
}
