import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  LEAD_CSV_COLUMNS,
  contactsVCard,
  isStandManager,
  leadsCsv,
  useCompany,
  useContactCode,
  useSession,
  useStandLeads,
  type LeadCsvColumn,
  type LeadView,
} from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { downloadText } from '../../ui/download.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { ContactItem } from './ContactItem.tsx';
import { ScanSection } from './ScanParts.tsx';
import { LeadRating } from './LeadRating.tsx';
import './contacts.css';
import './leads.css';

/**
 * /{locale}/events/{id}/companies/{standId}/leads (issue 31): a stand's members scan visitors'
 * contact codes, with or without a network, and keep the stand's shared list with notes and
 * ratings; the stand's managers export it. Everything is read from and written to the device.
 */
export function LeadsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const eventId = Number(params.eventId) || 0;
  const standId = Number(params.standId) || 0;
  const { user, status } = useSession();
  const { data, isLoading } = useCompany(eventId, standId);
  useDocumentTitle(t('leads.title'));
  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('leads.title')} text={t('leads.guestText')} />;
  const company = data.company;
  if (!company) return isLoading || data.syncedAt === null ? <Spinner label={t('common.loading')} /> : <EmptyState title={t('companies.notFound')} />;
  if (!company.members.some((m) => m.user_id === user.id)) return <EmptyState title={t('leads.title')} text={t('leads.membersOnly')} />;
  return (
    <div className="page page--narrow leads-page">
      <PageHeader title={t('leads.title')} lead={t('leads.lead', { stand: company.name })} />
      <Leads standId={standId} eventId={eventId} manager={isStandManager(company, user.id)} />
    </div>
  );
}

function Leads({ standId, eventId, manager }: { standId: number; eventId: number; manager: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const own = useContactCode();
  const { data, actions } = useStandLeads(standId, own.code?.public_key ?? null);
  const date = (iso: string) => dateFormat(locale, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const itemActions = useMemo(() => ({ note: (userId: number, note: string) => actions.update(userId, { note }), remove: actions.remove }), [actions]);
  return (
    <>
      <ScanSection
        titleId="leads-scan-title"
        title={t('leads.scanTitle')}
        lead={t('leads.scanLead')}
        scan={(text) => actions.scan(text)}
        added={(name) => t('leads.added', { name })}
        known={(name) => t('leads.known', { name })}
      />
      {data.refused.map((r) => (
        <div key={r.id} className="meet-result meet-result--refused leads-refused" role="alert" data-result="refused">
          <p>{t('leads.refused', { name: r.name || '—' })}</p>
          <p>{t(`errors.${r.code}`, { defaultValue: t('errors.unknown_error') })}</p>
          <Button size="sm" variant="ghost" onClick={() => void actions.dismiss(r.id)}>
            {t('common.dismiss')}
          </Button>
        </div>
      ))}
      <div className="leads-head">
        <h2 className="meet__title">{t('leads.count', { n: data.leads.length })}</h2>
        {manager ? <LeadsExport leads={data.leads} date={date} /> : null}
      </div>
      {data.leads.length === 0 ? (
        <p className="muted">{t('leads.empty')}</p>
      ) : (
        <ul className="contacts-list">
          {data.leads.map((l) => (
            <ContactItem
              key={l.user_id}
              contact={l}
              meta={t('leads.scannedAt', { date: date(l.scanned_at) })}
              actions={itemActions}
              removeLabel={t('leads.removeConfirm')}
            >
              <LeadRating rating={l.rating} onRate={(rating) => void actions.update(l.user_id, { rating })} />
            </ContactItem>
          ))}
        </ul>
      )}
      <p className="meet__more">
        <Link to={to(`/events/${eventId}/companies/${standId}`)}>{t('leads.toStand')}</Link>
      </p>
    </>
  );
}

function LeadsExport({ leads, date }: { leads: LeadView[]; date(iso: string): string }) {
  const { t } = useTranslation();
  const exportAs = (kind: 'vcf' | 'csv') => {
    if (kind === 'vcf') {
      downloadText(
        'foyer-leads.vcf',
        contactsVCard(leads, { metAt: (l: LeadView) => t('leads.scannedAt', { date: date(l.scanned_at) }) }),
        'text/vcard;charset=utf-8',
      );
    } else {
      const header = Object.fromEntries(LEAD_CSV_COLUMNS.map((k) => [k, t(`leads.csv.${k}`)])) as Record<LeadCsvColumn, string>;
      downloadText('foyer-leads.csv', leadsCsv(leads, header, date), 'text/csv;charset=utf-8');
    }
  };
  return (
    <div className="contacts-tools__export">
      <Button size="sm" onClick={() => exportAs('csv')} disabled={leads.length === 0}>
        {t('contacts.exportCsv')}
      </Button>
      <Button size="sm" onClick={() => exportAs('vcf')} disabled={leads.length === 0}>
        {t('contacts.exportVcf')}
      </Button>
    </div>
  );
}
