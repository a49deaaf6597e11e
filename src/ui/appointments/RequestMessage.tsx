import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '../../data/index.ts';
import { MESSAGE_STATUSES, messagePreview, requestMessageMode } from '../format/appointments.ts';

/**
 * The request message block (networking.md §2, §5): shown for rejected, waitingForMyResponse and
 * waitingForResponse; 300 characters with see more or less; a dash when empty; nothing for the
 * user's own request without a message.
 */
export function RequestMessage({ status, message, reason }: { status: AppointmentStatus; message: string; reason?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  if (!MESSAGE_STATUSES.has(status)) return null;
  const mode = requestMessageMode(status, message);
  if (mode === 'hidden') return null;
  const preview = messagePreview(message, expanded);
  const long = messagePreview(message, false).truncated;
  return (
    <div className="request-message">
      <p className="request-message__label">{t('appointments.message.label')}</p>
      <p className="request-message__text" id={id}>
        {mode === 'dash' ? '—' : preview.text}
      </p>
      {long ? (
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((x) => !x)}>
          {expanded ? t('appointments.message.seeLess') : t('appointments.message.seeMore')}
        </button>
      ) : null}
      {status === 'rejected' && reason ? (
        <p className="request-message__reason">
          <span className="request-message__label">{t('appointments.message.reason')}</span> {reason}
        </p>
      ) : null}
    </div>
  );
}
