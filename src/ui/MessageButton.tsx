import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { useChatUi } from './chat-ui.ts';
import { MessageLink } from './MessageLink.tsx';

/** A card's Message button: opens the chat modal with that person instead of leaving the page. */
export function MessageButton({
  userId,
  children,
  variant = 'secondary',
}: {
  userId: number;
  children: ReactNode;
  variant?: 'secondary' | 'ghost' | 'primary';
}) {
  const chat = useChatUi();
  if (!chat) {
    return (
      <MessageLink userId={userId} variant={variant}>
        {children}
      </MessageLink>
    );
  }
  return (
    <Button size="sm" variant={variant} onClick={() => chat.openChat(userId)}>
      {children}
    </Button>
  );
}
