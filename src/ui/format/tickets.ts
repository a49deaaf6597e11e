import type { TFunction } from 'i18next';
import { REGISTRATION_TICKET_TYPE } from '../../../contract/tickets.ts';

/**
 * A ticket's type as people read it. Organisers name their own types; the ticket that registering
 * for a free event gives carries a fixed word, said here in the reader's language.
 */
export function ticketTypeLabel(t: TFunction, type: string): string {
  return type === REGISTRATION_TICKET_TYPE ? t('tickets.registrationType') : type;
}
