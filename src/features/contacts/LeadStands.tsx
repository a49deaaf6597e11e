import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLeadStands } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';

/**
 * The stands that scanned the person's code and hold their details (issue 31), each with
 * Withdraw, which takes the details off that stand's list (a `lead.withdraw` command, so it works
 * offline). The list is as last fetched; nothing shows when no stand has them.
 */
export function LeadStands() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { items, withdraw } = useLeadStands();
  const [asking, setAsking] = useState<number | null>(null);
  if (items.length === 0) return null;
  const date = (iso: string) => dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
  return (
    <section className="lead-stands" aria-labelledby="lead-stands-title">
      <h2 id="lead-stands-title" className="meet__title">
        {t('leads.mine.title')}
      </h2>
      <p className="muted small">{t('leads.mine.lead')}</p>
      <ul className="contacts-list">
        {items.map((s) => (
          <li key={s.company_id} className="card contact" data-company-id={s.company_id}>
            <h3 className="contact__name">
              <Link to={to(`/events/${s.event_id}/companies/${s.company_id}`)}>{s.stand_name}</Link>
            </h3>
            <p className="muted small">{t('leads.mine.scanned', { event: s.event_name, date: date(s.scanned_at) })}</p>
            <div className="contact__actions">
              {asking === s.company_id ? (
                <Button size="sm" variant="danger" onClick={() => void withdraw(s.company_id)}>
                  {t('leads.mine.withdrawConfirm')}
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setAsking(s.company_id)}>
                  {t('leads.mine.withdraw')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
