import { describe, expect, it } from 'vitest';
import { get, post, newUser, join, MENU, newEvent, people, snapshot, serveVisitorsFiles } from './api-visitors-helpers.ts';

serveVisitorsFiles();

describe('meetings-manager', () => {
  it("lists the event's categories, counts visible visitors in each, and lets a participant choose one", async () => {
    const ev = await newEvent();
    const me = await newUser();
    await join(ev, me.id);
    const a = await newUser({ city_id: 2, country_code: 'PL' });
    await join(ev, a.id, { checked_in: true, menu_id: 1 });
    const hidden = await newUser({ city_id: 3, country_code: 'DE' }, { hide_from_visitors: true });
    await join(ev, hidden.id, { checked_in: true, menu_id: 1 });
    const c = await newUser();
    await join(ev, c.id, { checked_in: true, menu_id: 2 });
    const outsider = await newUser();

    const cats = await get(`/api/meetings-manager/get-checkin-categories?event_id=${ev}`, me.token);
    expect(cats.body.data).toEqual({
      results: [
        { id: 1, category_id: 1, event_id: ev, name: 'Investor', count: 1 },
        { id: 2, category_id: 2, event_id: ev, name: 'Startup', count: 1 },
      ],
      count: 3,
    });
    const countries = await get(`/api/meetings-manager/get-checkin-countries?event_id=${ev}`, me.token);
    expect(countries.body.data.results.map((r) => [r.code, r.count])).toEqual([
      ['UA', 2],
      ['PL', 1],
    ]);
    expect(countries.text).not.toContain('Germany');
    const cities = await get(`/api/meetings-manager/get-checkin-cities?event_id=${ev}&user_country_id=PL`, me.token);
    expect(cities.body.data.results).toEqual([{ id: 2, name: 'Warsaw', count: 1, count_users_from: 1 }]);
    expect((await get(`/api/meetings-manager/get-checkin-cities?event_id=${ev}&q=KYI`, me.token)).body.data.results.map((r) => r.name)).toEqual(['Kyiv']);

    const categories = async (token?: string) => (await get(`/api/meetings-manager/get-categories?event_id=${ev}`, token)).body.data;
    expect(await categories(me.token)).toEqual({
      results: MENU.map((m) => ({ id: m.id, category_id: m.id, event_id: ev, name: m.name, sub_categories: [] })),
      selected: null,
    });
    const set = await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 2 }, me.token);
    expect(set.body.data).toEqual({ result: true, category_id: 2, event_id: ev });
    expect((await categories(me.token)).selected).toEqual({ category_id: 2, event_id: ev, sub_categories: [] });
    const mine = (await get(people(ev, 'menu_id=2&sort=name'), me.token)).body.data.results;
    expect(mine.find((r) => r.id === me.id)).toMatchObject({ menu_id: 2, menu_name: 'Startup' });
    // Query parameters work too, and 0 clears the choice.
    expect((await post(`/api/meetings-manager/add-user-categories?event_id=${ev}&category_id=1`, {}, me.token)).body.data.category_id).toBe(1);
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, categories: [0] }, me.token)).body.data.category_id).toBeNull();
    expect((await categories(me.token)).selected).toBeNull();

    const before = await snapshot();
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 9 }, me.token)).body).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 1 }, outsider.token)).body).toMatchObject({
      status_code: 403,
      error: 'participation_required',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: 999999, category_id: 1 }, me.token)).body).toMatchObject({
      status_code: 404,
      error: 'event_not_found',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { category_id: 1 }, me.token)).body).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 1 })).body).toMatchObject({
      status_code: 403,
      error: 'auth_required',
    });
    expect(await snapshot()).toEqual(before);
    expect((await get('/api/meetings-manager/get-categories?event_id=999999')).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    expect((await get('/api/meetings-manager/get-checkin-countries?event_id=x')).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
  });
});
