import { describe, expect, it } from 'vitest';
import { csvField, filledSeries, filterPeople, NO_PEOPLE_FILTER, ticketTypes, toCsv, type AdminPerson } from '../../contract/admin-people.ts';

/** The People screen's search, filters and CSV (contract/admin-people.ts). */

const person = (id: number, over: Partial<AdminPerson> = {}): AdminPerson => ({
  user_id: id,
  first_name: `Name${id}`,
  last_name: 'Koval',
  email: `p${id}@test.local`,
  company: '',
  position: '',
  role: 'visitor',
  category: '',
  tickets: [],
  registered_at: 0,
  door_at: 0,
  meetings: 0,
  team: [],
  ...over,
});

const people = [
  person(1, { first_name: 'Олена', company: 'Vistula Data', tickets: [{ type: 'VIP', status: 'valid' }], door_at: 100 }),
  person(2, { first_name: 'José', tickets: [{ type: 'Standard', status: 'cancelled' }], meetings: 2 }),
  person(3, { category: 'Investor', registered_at: 5 }),
];

describe('people filters', () => {
  it('search names, emails, companies and categories, accents and case aside', () => {
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, q: 'jose' }).map((p) => p.user_id)).toEqual([2]);
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, q: 'олена vistula' }).map((p) => p.user_id)).toEqual([1]);
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, q: 'investor' }).map((p) => p.user_id)).toEqual([3]);
  });

  it('filter by ticket type, no ticket, door check-in and meetings', () => {
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, ticket: 'VIP' }).map((p) => p.user_id)).toEqual([1]);
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, ticket: '-' }).map((p) => p.user_id)).toEqual([3]);
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, door: 'yes' }).map((p) => p.user_id)).toEqual([1]);
    expect(filterPeople(people, { ...NO_PEOPLE_FILTER, door: 'no', meetings: 'yes' }).map((p) => p.user_id)).toEqual([2]);
    expect(ticketTypes(people)).toEqual(['Standard', 'VIP']);
  });
});

describe('CSV', () => {
  it('quotes what must be quoted and keeps formulas as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"')).toBe('"a, ""b"""');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+380 44')).toBe(`'+380 44`);
    expect(csvField(-3)).toBe('-3');
    expect(
      toCsv([
        ['a', 'b'],
        [1, 'line\nbreak'],
      ]),
    ).toBe('\uFEFFa,b\r\n1,"line\nbreak"\r\n');
  });
});

describe('chart series', () => {
  it('fill the days and hours without activity with 0, keeping the latest points', () => {
    expect(
      filledSeries([
        { at: '2031-01-30', n: 2 },
        { at: '2031-02-02', n: 1 },
      ]).map((x) => [x.at, x.n]),
    ).toEqual([
      ['2031-01-30', 2],
      ['2031-01-31', 0],
      ['2031-02-01', 0],
      ['2031-02-02', 1],
    ]);
    expect(
      filledSeries([
        { at: '2031-01-30T22', n: 1 },
        { at: '2031-01-31T01', n: 3 },
      ]).map((x) => x.at),
    ).toEqual(['2031-01-30T22', '2031-01-30T23', '2031-01-31T00', '2031-01-31T01']);
    expect(
      filledSeries(
        [
          { at: '2031-01-01', n: 1 },
          { at: '2031-12-31', n: 1 },
        ],
        10,
      ),
    ).toHaveLength(10);
  });
});
