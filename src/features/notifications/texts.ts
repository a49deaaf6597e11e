import type { TFunction } from 'i18next';
import type { NotificationItem } from '../../data/index.ts';

/**
 * The words of a notice: who did what, in the reader's language. A removed account has no name
 * any more and is "someone". Counts are written as a number after a colon rather than as plural
 * words: the four languages' plural rules differ and the locale files hold one form per key.
 */
export function notificationTitle(n: NotificationItem, t: TFunction): string {
  const name = `${n.actor.first_name} ${n.actor.last_name}`.trim() || t('notifications.someone');
  const event = n.eventName || t('notifications.anEvent');
  switch (n.kind) {
    case 'comment':
      return n.count > 1 ? t('notifications.kinds.comments', { event, count: n.count }) : t('notifications.kinds.comment', { name, event });
    case 'vote':
      return n.count > 1 ? t('notifications.kinds.votes', { count: n.count }) : t('notifications.kinds.vote', { name });
    case 'message':
      return n.count > 1 ? t('notifications.kinds.messages', { name, count: n.count }) : t('notifications.kinds.message', { name });
    case 'waitlistOffer':
      return t('notifications.kinds.waitlistOffer', { type: n.text, event });
    default:
      return t(`notifications.kinds.${n.kind}`, { name });
  }
}
