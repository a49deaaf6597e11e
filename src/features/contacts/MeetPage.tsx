import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useContactCode, useContacts, useEvent, useSession } from '../../data/index.ts';
import { ScanSection } from './ScanParts.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { TicketQr } from '../../ui/qr/TicketQr.tsx';
import { cardLine, fullName } from './format.ts';
import './contacts.css';

/**
 * /{locale}/events/{id}/meet (issue 31): the person's own contact code to show, and the camera (or
 * a pasted code) to scan somebody else's. Both work with no network: the code and the key that
 * checks codes are kept on the device, and a scan is judged here and queued.
 */
export function MeetPage() {
  const { t } = useTranslation();
  const eventId = Number(useParams().eventId) || 0;
  const { user, status } = useSession();
  const { data: event } = useEvent(eventId);
  useDocumentTitle(t('contacts.meet.title'));
  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('contacts.meet.title')} text={t('contacts.guestText')} />;
  return (
    <div className="page page--narrow meet-page">
      <PageHeader title={t('contacts.meet.title')} lead={t('contacts.meet.lead')} event={event ? { id: eventId, name: event.name } : null} />
      <Meet eventId={eventId} />
    </div>
  );
}

function Meet({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const own = useContactCode();
  const contacts = useContacts(own.code?.public_key ?? null);
  return (
    <>
      <OwnCode own={own} />
      <ScanSection
        titleId="meet-scan-title"
        title={t('contacts.meet.scanTitle')}
        lead={t('contacts.meet.scanLead')}
        scan={(text) => contacts.actions.scan(eventId, text)}
        added={(name) => t('contacts.meet.added', { name })}
        known={(name) => t('contacts.meet.known', { name })}
      />
      <p className="meet__more">
        <Link to={to('/contacts')}>{t('contacts.meet.toList', { n: contacts.data.length })}</Link>
      </p>
    </>
  );
}

function OwnCode({ own }: { own: ReturnType<typeof useContactCode> }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (!own.code) {
    return (
      <section className="card meet-code">
        {own.loading ? <Spinner label={t('common.loading')} /> : <p className="muted">{t('contacts.meet.codeNotYet')}</p>}
      </section>
    );
  }
  const card = own.code.card;
  return (
    <section className="card meet-code" aria-labelledby="meet-code-title">
      <h2 id="meet-code-title" className="meet__title">
        {t('contacts.meet.codeTitle')}
      </h2>
      <div className="meet-code__qr" data-code={own.code.code}>
        <TicketQr payload={own.code.code} label={t('contacts.meet.codeLabel')} />
      </div>
      <p className="meet-code__name">{fullName(card)}</p>
      {cardLine(card) ? <p className="muted">{cardLine(card)}</p> : null}
      <p className="muted small">
        {t('contacts.meet.shares', {
          what:
            [card.email ? t('contacts.fields.email') : '', card.phone ? t('contacts.fields.phone') : ''].filter(Boolean).join(', ') ||
            t('contacts.meet.sharesNothing'),
        })}{' '}
        <Link to={to('/profile')}>{t('contacts.meet.privacy')}</Link>
      </p>
    </section>
  );
}
