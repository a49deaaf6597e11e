import { describe, expect, it } from 'vitest';
import { checkCategories, checkMeetingSettings, meetingsOutside, nextPlaceId, tableWhereText, zoneOfTableWhere } from '../../contract/admin-meetings.ts';
import { settingsOfEvent, tableZone, zonedToUnix } from '../../contract/appointments.ts';
import { meetingFieldsOf, meetingsEditorView } from '../../sync/views/admin/meetings.ts';

/** The meeting settings' rules the form and the server share, and the tables numbered across places. */

const TZ = 'Europe/Kyiv';
const day = '2031-06-10';
const at = (time: string) => zonedToUnix(day, time, TZ);
const settings = {
  slot_minutes: 15,
  tables: 2,
  windows: [{ day, from: '10:00', to: '12:00' }],
  places: [
    { id: 1, label: 'Hall A', tables: 3 },
    { id: 2, label: 'Lounge', tables: 0 },
  ],
};

describe('meeting settings rules', () => {
  it('names the problems of slot length, hours, places and categories', () => {
    expect(checkMeetingSettings(settings, [day])).toEqual({});
    expect(checkMeetingSettings({ ...settings, slot_minutes: 7 }, [day])).toMatchObject({ slot_minutes: 'slot_step' });
    expect(checkMeetingSettings({ ...settings, slot_minutes: 300 }, [day])).toMatchObject({ slot_minutes: 'range' });
    expect(checkMeetingSettings({ ...settings, windows: [{ day: '2031-06-11', from: '10:00', to: '11:00' }] }, [day])).toMatchObject({
      windows: 'window_day',
      windowRows: { 0: 'window_day' },
    });
    expect(checkMeetingSettings({ ...settings, windows: [{ day, from: '11:00', to: '10:00' }] }, [day])).toMatchObject({ windows: 'window_time' });
    expect(checkMeetingSettings({ ...settings, windows: [{ day, from: '24:00', to: '24:00' }] }, [day])).toMatchObject({ windows: 'window_time' });
    expect(
      checkMeetingSettings(
        {
          ...settings,
          windows: [
            { day, from: '10:00', to: '12:00' },
            { day, from: '12:00', to: '24:00' },
          ],
        },
        [day],
      ),
    ).toEqual({});
    expect(
      checkMeetingSettings(
        {
          ...settings,
          windows: [
            { day, from: '10:00', to: '12:00' },
            { day, from: '11:30', to: '13:00' },
          ],
        },
        [day],
      ),
    ).toMatchObject({ windowRows: { 0: 'window_overlap', 1: 'window_overlap' } });
    expect(checkMeetingSettings({ ...settings, places: [...settings.places, { label: ' hall a', tables: 0 }] }, [day])).toMatchObject({
      placeRows: { 2: 'duplicate' },
    });
    expect(checkCategories([{ name: 'Investor' }, { name: ' investor ' }])).toBe('duplicate');
    expect(checkCategories([{ name: '  ' }])).toBe('required');
  });

  it('never gives a new place the id a request uses for "no table"', () => {
    expect(nextPlaceId([1, 2, 3, 4])).toBe(6);
    expect(nextPlaceId([])).toBe(1);
  });

  it("numbers tables across the area and the places, and words a place's table for legacy clients", () => {
    const engine = settingsOfEvent({ slot_minutes: 15, tables_count: 5, places: settings.places, allowed_times: settings.windows });
    expect(engine.places).toEqual({ 2: 'Lounge' });
    expect([1, 2, 3, 5, 6].map((n) => tableZone(engine, n))).toEqual([null, null, 'Hall A', 'Hall A', null]);
    expect(tableWhereText(4, 'Hall A')).toBe('Table 4, Hall A');
    expect(zoneOfTableWhere('Table 4, Hall A', 4)).toBe('Hall A');
    expect(zoneOfTableWhere('Table 4', 4)).toBe('');
  });

  it('finds the booked meetings a change leaves outside: hours, tables and places', () => {
    const booked = [
      { id: 1, date: day, start: at('10:00'), end: at('10:15'), table_num: 1, where_type: 1, place: null },
      { id: 2, date: day, start: at('11:45'), end: at('12:00'), table_num: 5, where_type: 1, place: null },
      { id: 3, date: day, start: at('10:30'), end: at('10:45'), table_num: null, where_type: 2, place: 2 },
      { id: 4, date: day, start: null, end: null, table_num: null, where_type: null, place: null },
      { id: 5, date: '2031-06-11', start: null, end: null, table_num: null, where_type: null, place: null },
    ];
    expect(meetingsOutside(settings, TZ, booked)).toEqual([{ id: 5, reason: 'hours' }]);
    const shorter = { ...settings, windows: [{ day, from: '10:00', to: '11:00' }], places: [{ id: 1, label: 'Hall A', tables: 2 }] };
    expect(meetingsOutside(shorter, TZ, booked)).toEqual([
      { id: 2, reason: 'hours' },
      { id: 3, reason: 'place' },
      { id: 5, reason: 'hours' },
    ]);
    expect(meetingsOutside({ ...settings, tables: 0, places: [{ id: 2, label: 'Lounge', tables: 0 }] }, TZ, booked)).toEqual([
      { id: 1, reason: 'table' },
      { id: 2, reason: 'table' },
      { id: 5, reason: 'hours' },
    ]);
  });
});

describe('the settings overlay', () => {
  const event = {
    event_id: 7,
    meeting: { slot_minutes: 15, tables_count: 5, places: settings.places, allowed_times: settings.windows },
    options: { broadcast_background: '', menu: [{ id: 1, name: 'Investor' }] },
  };

  it('reads the area tables as those no place holds, and lays the last queued change over the document', () => {
    expect(meetingFieldsOf(event)).toEqual(settings);
    const queued = { ...settings, slot_minutes: 30 };
    const view = meetingsEditorView(event, [
      {
        id: 'a',
        kind: 'meetings.settings.set',
        payload: { event_id: 7, settings: { ...settings, slot_minutes: 20 }, outside: 'refuse' },
        seq: 1,
        status: 'pending',
      },
      { id: 'b', kind: 'meetings.settings.set', payload: { event_id: 7, settings: queued, outside: 'refuse' }, seq: 2, status: 'sending' },
      {
        id: 'c',
        kind: 'meetings.categories.set',
        payload: { event_id: 7, categories: [{ id: 1, name: 'Investors' }, { name: 'Press' }] },
        seq: 3,
        status: 'pending',
      },
      {
        id: 'd',
        kind: 'meetings.settings.set',
        payload: { event_id: 7, settings, outside: 'refuse' },
        seq: 4,
        status: 'rejected',
        code: 'meetings_outside',
      },
    ]);
    expect(view.settings).toEqual(queued);
    expect(view.categories).toEqual([
      { id: 1, name: 'Investors' },
      { id: 0, name: 'Press' },
    ]);
    expect(view.refused).toEqual([expect.objectContaining({ id: 'd', code: 'meetings_outside' })]);
  });
});
