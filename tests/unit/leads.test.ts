import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CompanyDoc } from '../../contract/companies.ts';
import { sharedCard } from '../../contract/contacts.ts';
import type { LeadField } from '../../contract/leads.ts';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { contactKey, signContactCard } from '../../server/domain/contacts/signing.ts';
import { LEAD_CSV_COLUMNS, leadStandsOnDevice, leadsCsv, leadsOnDevice } from '../../sync/views/leads/leads.ts';
import { companyDoc } from '../fixtures/company-doc.ts';

/** Leads at the stand (issue 31) on a member's device: the queued commands over the stand's leads, refused scans, the visitor's withdrawals and the CSV. */

const key = contactKey(new Uint8Array(randomBytes(32)));
const visitor = sharedCard({
  id: 42,
  first_name: 'Олена',
  last_name: 'Коваль',
  company: 'Зерно',
  position: 'CTO',
  email: 'olena@example.test',
  phone: '+380 44 123 45 67',
  show_email: false,
  hide_phone: false,
});
const code = signContactCard(key, visitor);
const entry = (kind: string, payload: Record<string, unknown>, seq: number, status: OutboxDoc['status'] = 'pending', code?: string): OutboxDoc =>
  ({ id: `l${seq}`, kind, payload, occurredAt: `2026-05-14T10:0${seq}:00.000Z`, seq, status, attempts: 0, ...(code ? { code } : {}) }) as OutboxDoc;

function stand(leads?: LeadField[]): CompanyDoc {
  return companyDoc(7, { event_id: 5, name: 'Vistula Data', location: '', logo: '', sort: 0, members: [], ...(leads ? { leads } : {}) });
}

describe("a stand's leads on a member's device", () => {
  it('shows a queued scan at once, once, with its note and rating, and the server copy replaces it', () => {
    const outbox = [
      entry('lead.scan', { code, company_id: 7 }, 1),
      entry('lead.scan', { code, company_id: 7 }, 2),
      entry('lead.update', { company_id: 7, user_id: 42, rating: 4 }, 3),
      entry('lead.update', { company_id: 7, user_id: 42, note: ' Wants a demo ' }, 4),
      // Another stand's scan stays on that stand.
      entry('lead.scan', { code, company_id: 8 }, 5),
    ];
    const local = leadsOnDevice(stand([]), outbox, 7, 3);
    expect(local.leads).toHaveLength(1);
    expect(local.leads[0]).toMatchObject({ user_id: 42, first_name: 'Олена', scanned_by: 3, note: 'Wants a demo', rating: 4, unsent: true });
    const { unsent: _u, ...server } = local.leads[0]!;
    const synced = leadsOnDevice(stand([server]), outbox.slice(0, 2), 7, 3);
    expect(synced.leads.map((l) => [l.user_id, l.unsent])).toEqual([[42, false]]);
    expect(leadsOnDevice(stand([server]), [entry('lead.remove', { company_id: 7, user_id: 42 }, 6)], 7, 3).leads).toHaveLength(0);
  });

  it('keeps a refused scan out of the list and says whom and why', () => {
    const seen = leadsOnDevice(stand(), [entry('lead.scan', { code, company_id: 7 }, 1, 'rejected', 'lead_not_member')], 7, 3);
    expect(seen.leads).toEqual([]);
    expect(seen.refused).toEqual([{ id: 'l1', name: 'Олена Коваль', code: 'lead_not_member' }]);
  });

  it("leaves out the stands the visitor's device has queued a withdrawal from", () => {
    const kept = [7, 8].map((id) => ({ company_id: id, event_id: 5, stand_name: `S${id}`, event_name: 'Expo', scanned_at: '2026-05-14T10:00:00.000Z' }));
    expect(leadStandsOnDevice(kept, [entry('lead.withdraw', { company_id: 8 }, 1)]).map((s) => s.company_id)).toEqual([7]);
    expect(leadStandsOnDevice(kept, [entry('lead.withdraw', { company_id: 8 }, 1, 'rejected')])).toHaveLength(2);
  });

  it('exports the leads as CSV with the scan date and the rating', () => {
    const header = Object.fromEntries(LEAD_CSV_COLUMNS.map((k) => [k, k])) as Record<(typeof LEAD_CSV_COLUMNS)[number], string>;
    const lead = { ...visitor, scanned_at: '2026-05-14T10:00:00.000Z', scanned_by: 3, note: '=cmd', rating: 5, unsent: false };
    const csv = leadsCsv([lead, { ...lead, rating: 0, note: '' }], header, (iso) => iso.slice(0, 10));
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFfirst_name,last_name,company,position,email,phone,scanned_at,rating,note',
      "Олена,Коваль,Зерно,CTO,,+380 44 123 45 67,2026-05-14,5,'=cmd",
      'Олена,Коваль,Зерно,CTO,,+380 44 123 45 67,2026-05-14,,',
      '',
    ]);
  });
});
