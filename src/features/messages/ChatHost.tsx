import { useMemo, useState, type ReactNode } from 'react';
import { ChatUiContext, type ChatUi } from '../../ui/chat-ui.ts';
import { ChatModal } from './ChatModal.tsx';
import { Conversation } from './Conversation.tsx';

/** In place, a conversation has nowhere to go back to and nothing to close. */
function EmbeddedConversation({ otherUserId }: { otherUserId: number }) {
  return <Conversation otherUserId={otherUserId} onBack={() => undefined} onClosed={() => undefined} />;
}

/** Puts the chat modal on every page, so any card's Message button can open it in place. */
export function ChatHost({ children }: { children: ReactNode }) {
  const [userId, setUserId] = useState<number | null>(null);
  const ui = useMemo<ChatUi>(() => ({ openChat: setUserId, Conversation: EmbeddedConversation }), []);
  return (
    <ChatUiContext.Provider value={ui}>
      {children}
      {userId !== null ? <ChatModal userId={userId} onClose={() => setUserId(null)} /> : null}
    </ChatUiContext.Provider>
  );
}
