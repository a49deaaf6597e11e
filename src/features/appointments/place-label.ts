import type { TFunction } from 'i18next';
import { zoneOfTableWhere } from '../../../contract/admin-meetings.ts';
import { WHERE_TYPE } from '../../../contract/appointments.ts';

/**
 * Where a meeting takes place, in the reader's language. The server words a table in English
 * ("Table 2", for the legacy clients that print it as is); the number is what it means, so a table is
 * worded here from it, with the place it stands in when the organisers named one. A named place is
 * the organiser's own label, shown as they wrote it.
 */
export function placeLabel(item: { where_type: number; table_num: number | null; where: string }, t: TFunction): string {
  if (item.where_type === WHERE_TYPE.table && item.table_num && item.table_num > 0) {
    // A table standing in a place the organisers named ("Table 7, Hall B"): the place as they wrote it.
    const zone = zoneOfTableWhere(item.where, item.table_num);
    return zone ? `${t('place.table', { n: item.table_num })}, ${zone}` : t('place.table', { n: item.table_num });
  }
  return item.where;
}
