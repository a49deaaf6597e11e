import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_COLUMNS, contactsCsv, contactsVCard, searchContacts, useContactCode, useContacts, type ContactView, type CsvColumn } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { downloadText } from '../../ui/download.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { SignedInOnly } from '../../ui/SignedInOnly.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { LeadStands } from './LeadStands.tsx';
import { ContactItem } from './ContactItem.tsx';
import './contacts.css';

/**
 * /{locale}/contacts (issue 31): everybody the user met by QR, across events, newest first, with
 * search, notes, removal and export. Everything here is read from and written to the device, so the
 * list, its notes and its files work with no network.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contacts.title'));
  return (
    <SignedInOnly title={t('contacts.title')} guestText={t('contacts.guestText')}>
      {() => (
        <div className="page page--narrow contacts-page">
          <PageHeader title={t('contacts.title')} lead={t('contacts.lead')} />
          <Contacts />
          <LeadStands />
        </div>
      )}
    </SignedInOnly>
  );
}

function Contacts() {
  const { t } = useTranslation();
  const locale = useLocale();
  const own = useContactCode();
  const contacts = useContacts(own.code?.public_key ?? null);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => searchContacts(contacts.data, search), [contacts.data, search]);
  const date = (iso: string) => dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
  const exportAs = (kind: 'vcf' | 'csv') => {
    if (kind === 'vcf') {
      const text = contactsVCard(shown, { metAt: (c: ContactView) => t('contacts.metAt', { event: c.event_name || '—', date: date(c.met_at) }) });
      downloadText('foyer-contacts.vcf', text, 'text/vcard;charset=utf-8');
    } else {
      const header = Object.fromEntries(CSV_COLUMNS.map((k) => [k, t(`contacts.csv.${k}`)])) as Record<CsvColumn, string>;
      downloadText('foyer-contacts.csv', contactsCsv(shown, header, date), 'text/csv;charset=utf-8');
    }
  };
  if (contacts.isLoading && contacts.data.length === 0) return <Spinner label={t('common.loading')} />;
  if (contacts.data.length === 0) return <EmptyState title={t('contacts.empty')} text={t('contacts.emptyText')} />;
  return (
    <>
      <div className="contacts-tools">
        <SearchBox value={search} onChange={setSearch} label={t('contacts.search')} placeholder={t('contacts.searchPlaceholder')} />
        <div className="contacts-tools__export">
          <Button size="sm" onClick={() => exportAs('vcf')} disabled={shown.length === 0}>
            {t('contacts.exportVcf')}
          </Button>
          <Button size="sm" onClick={() => exportAs('csv')} disabled={shown.length === 0}>
            {t('contacts.exportCsv')}
          </Button>
        </div>
      </div>
      <p className="muted small" aria-live="polite">
        {t('contacts.count', { n: shown.length })}
      </p>
      <ul className="contacts-list">
        {shown.map((c) => (
          <ContactItem
            key={c.user_id}
            contact={c}
            meta={t('contacts.metAt', { event: c.event_name || '—', date: date(c.met_at) })}
            actions={contacts.actions}
          />
        ))}
      </ul>
    </>
  );
}
