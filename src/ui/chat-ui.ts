import { createContext, useContext, type ComponentType } from 'react';

/**
 * How a card opens the chat modal with a person without importing the messages feature: the layout's
 * ChatHost (features/messages) provides it, as AppointmentHost provides the appointment modals.
 */
export interface ChatUi {
  openChat(userId: number): void;
  /** The conversation with one person, for screens that show it in place (the call modal's chat). */
  Conversation: ComponentType<{ otherUserId: number }>;
}

export const ChatUiContext = createContext<ChatUi | null>(null);

/** Null outside a ChatHost; callers then fall back to the messages page. */
export function useChatUi(): ChatUi | null {
  return useContext(ChatUiContext);
}
