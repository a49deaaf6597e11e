import { describe, expect, it } from 'vitest';
import { imageCacheFor, isAppNavigation, notificationTarget, pushSeenInApp, readPush } from '../../../../src/app/pwa/sw-rules.ts';

describe('service worker: which navigations get the cached shell', () => {
  it.each(['/', '/uk/', '/uk', '/en/events/42', '/uk/events/list', '/pl/profile/myevents', '/ru/user/7/events'])(
    'serves the app shell for the screen %s',
    (path) => expect(isAppNavigation(path)).toBe(true),
  );

  it.each([
    '/api/events/events-list',
    '/api',
    '/sync/v1/events/pull',
    '/sync/v1/stream',
    '/files/posters/3.svg',
    '/oauth/broadcast',
    '/uk/oauth/logout',
    '/wss/notice',
    '/healthz',
    '/live/demo-stream',
    '/sw.js',
    '/manifest.webmanifest',
    '/assets/index-abc123.js',
  ])('leaves %s to the network', (path) => expect(isAppNavigation(path)).toBe(false));

  it('does not mistake screens that merely start like a server path', () => {
    expect(isAppNavigation('/apiary')).toBe(true);
    expect(isAppNavigation('/uk/files')).toBe(true);
    expect(isAppNavigation('/lively')).toBe(true);
  });
});

describe('service worker: runtime image caches', () => {
  it('caches posters, avatars and logos', () => {
    expect(imageCacheFor('/files/posters/12.svg')).toBe('posters');
    expect(imageCacheFor('/files/avatars/5.svg')).toBe('people');
    expect(imageCacheFor('/files/logos/9.svg')).toBe('people');
    expect(imageCacheFor('/assets/flags/UA-CY7JRpx3.svg')).toBe('people');
  });

  it.each([
    '/api/events/events-list',
    '/sync/v1/events/pull',
    '/sync/v1/my_events/pull',
    '/sync/v1/commands',
    '/files/tickets/1.pdf',
    '/files/posters/',
    '/assets/index-abc.js',
    '/assets/flags/',
  ])('never caches %s', (path) => expect(imageCacheFor(path)).toBeNull());
});

describe('service worker: notification clicks', () => {
  const origin = 'https://foyer.example';

  it('opens the screen the notification names', () => {
    expect(notificationTarget({ url: '/uk/events/3' }, origin)).toBe('https://foyer.example/uk/events/3');
    expect(notificationTarget({ url: 'https://foyer.example/en/' }, origin)).toBe('https://foyer.example/en/');
  });

  it('falls back to the app start for missing, malformed or foreign targets', () => {
    const start = 'https://foyer.example/';
    expect(notificationTarget(undefined, origin)).toBe(start);
    expect(notificationTarget(null, origin)).toBe(start);
    expect(notificationTarget({}, origin)).toBe(start);
    expect(notificationTarget({ url: 42 }, origin)).toBe(start);
    expect(notificationTarget({ url: 'https://evil.example/uk/' }, origin)).toBe(start);
    expect(notificationTarget({ url: '//evil.example/x' }, origin)).toBe(start);
    expect(notificationTarget({ url: 'http://[bad' }, origin)).toBe(start);
  });
});

describe('service worker: pushed notices', () => {
  it('reads a push of ours and nothing else', () => {
    const push = { kind: 'meeting', title: 'Anna Tester asks to meet you', body: '3 May', url: '/en/profile/mymeeting?meeting_id=4', tag: 'meeting-4' };
    expect(readPush(push)).toEqual({ title: push.title, body: '3 May', url: push.url, tag: 'meeting-4' });
    expect(readPush({ title: 'Only a title' })).toEqual({ title: 'Only a title', body: '', url: '', tag: '' });
    for (const other of [null, 'text', 42, {}, { title: '' }, { title: 7 }]) expect(readPush(other)).toBeNull();
  });

  it('is left unshown only while a Foyer window is visible and focused', () => {
    expect(pushSeenInApp([])).toBe(false);
    expect(pushSeenInApp([{ visibilityState: 'hidden', focused: false }])).toBe(false);
    // A tab left open on a phone whose screen is locked, or behind another app: the push shows.
    expect(pushSeenInApp([{ visibilityState: 'visible', focused: false }])).toBe(false);
    expect(
      pushSeenInApp([
        { visibilityState: 'hidden', focused: false },
        { visibilityState: 'visible', focused: true },
      ]),
    ).toBe(true);
  });
});
