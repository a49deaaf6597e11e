import type { SalesFigures } from '../../../contract/admin-people.ts';
import type { Q } from '../../db/tx.ts';
import { salesFigures } from './report-repository.ts';

/**
 * The event's sales for the organisers' overview (admin/people.ts overviewOf, which checks they
 * organise it). Read online and kept on the organiser's device as of when it was read, like the
 * rest of the overview: figures of money are the server's to count, never a device's.
 */
export function eventSales(q: Q, eventId: number, timezone: string): Promise<SalesFigures> {
  return salesFigures(q, eventId, timezone);
}
