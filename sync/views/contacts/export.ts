import type { ContactCard } from '../../../contract/contacts.ts';
import type { ContactView } from './contacts.ts';

/**
 * The contacts list as files, made on the device so export works with no network: vCard 3.0
 * (RFC 2426, which phones' address books import) and CSV (RFC 4180, for spreadsheets). Both are
 * UTF-8; the CSV starts with a byte order mark, without which Excel reads Cyrillic as Latin-1.
 */

/** vCard text values escape backslashes, commas, semicolons and line breaks (RFC 2426 §4). */
function vText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets are folded (RFC 2426 §2.6), never inside a character's UTF-8 bytes. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // A continuation line starts with a space, which counts towards its 75.
    if (bytes + size > 75) {
      out.push(current);
      current = ` ${ch}`;
      bytes = 1 + size;
    } else {
      current += ch;
      bytes += size;
    }
  }
  out.push(current);
  return out.join('\r\n');
}

/** What a card is made of: a contact, or a stand's lead. */
export type CardPerson = Omit<ContactCard, 'user_id'> & { note: string };

export interface ExportLabels<T extends CardPerson = ContactView> {
  /** "Met at {event}, {date}" as the note of the card says it, in the user's language. */
  metAt(c: T): string;
}

export function toVCard<T extends CardPerson>(list: readonly T[], labels: ExportLabels<T>): string {
  const cards = list.map((c) => {
    const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
    const note = [c.note, labels.metAt(c)].filter(Boolean).join('\n');
    const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${vText(c.last_name)};${vText(c.first_name)};;;`, `FN:${vText(name)}`];
    if (c.company) lines.push(`ORG:${vText(c.company)}`);
    if (c.position) lines.push(`TITLE:${vText(c.position)}`);
    if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${vText(c.email)}`);
    if (c.phone) lines.push(`TEL;TYPE=CELL:${vText(c.phone)}`);
    if (note) lines.push(`NOTE:${vText(note)}`);
    lines.push('END:VCARD');
    return lines.map(foldLine).join('\r\n');
  });
  return cards.length ? `${cards.join('\r\n')}\r\n` : '';
}

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula: a name typed as
 * `=HYPERLINK(...)` would then act when the file is opened. Such cells get a leading apostrophe;
 * a phone number's + followed by digits is left alone.
 */
function defuse(value: string): string {
  if (/^[=@\t\r]/.test(value) || /^[+-](?![\d\s(])/.test(value)) return `'${value}`;
  return value;
}

function csvCell(value: string): string {
  const v = defuse(value);
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const CSV_COLUMNS = ['first_name', 'last_name', 'company', 'position', 'email', 'phone', 'event_name', 'met_at', 'note'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A CSV file of the columns given, each row's cells made by `cell`. */
export function csvOf<T, K extends string>(columns: readonly K[], list: readonly T[], header: Record<K, string>, cell: (row: T, column: K) => string): string {
  const rows = [columns.map((k) => csvCell(header[k]))];
  for (const c of list) rows.push(columns.map((k) => csvCell(cell(c, k))));
  return `\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}

export function toCsv(list: readonly ContactView[], header: Record<CsvColumn, string>, date: (iso: string) => string): string {
  return csvOf(CSV_COLUMNS, list, header, (c, k) => (k === 'met_at' ? date(c.met_at) : c[k]));
}
