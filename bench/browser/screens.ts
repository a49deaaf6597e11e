import type { Page } from 'playwright-core';

/**
 * The main screens of the app for the route bench: where each lives, what on it says the data is
 * shown (not a spinner), and the legacy API calls a specs-era client makes to draw the same screen.
 */

export interface Screen {
  name: string;
  path: string;
  /** A CSS selector that matches only once the screen shows its data. */
  ready: string;
  /** Text one of the matched elements must contain, when the selector alone is not enough. */
  text?: string;
  /** The legacy calls for the same screen, fired together as the old client did. */
  legacy: string[];
}

export function mainScreens(opts: { locale: string; eventId: number; eventName: string; userId: number; scheduleDate: string; firstName: string }): Screen[] {
  const { locale, eventId: e, eventName, userId, scheduleDate, firstName } = opts;
  return [
    {
      name: 'event page',
      path: `/${locale}/events/${e}`,
      ready: 'main .event-page__title',
      text: eventName,
      legacy: [
        `/api/events/${e}?show_users_online=true&lang=${locale}`,
        `/api/events/get-user-tickets?event_id=${e}&user_id=${userId}&lang=${locale}`,
        `/api/events/get-chat-messages?event_id=${e}&offset=0&limit=20&sort_by=-date&lang=${locale}`,
        `/api/companies?event_id=${e}&offset=0&limit=7&with_users=true&lang=${locale}`,
      ],
    },
    {
      name: 'visitors',
      path: `/${locale}/events/${e}/visitors`,
      ready: 'main .visitors-page__list[aria-busy="false"] article',
      legacy: [
        `/api/events/${e}?lang=${locale}`,
        `/api/events/get-event-people?event_id=${e}&offset=0&limit=10&sort=status&order=desc&lang=${locale}`,
        `/api/meetings-manager/get-checkin-categories?event_id=${e}&lang=${locale}`,
      ],
    },
    {
      name: 'schedule (live stage)',
      path: `/${locale}/events/${e}/live-translation/stage`,
      ready: 'main .speech__title',
      legacy: [
        `/api/events/${e}?show_users_online=true&lang=${locale}`,
        `/api/events/${e}/schedules?object=day&show_children=0&lang=${locale}`,
        `/api/events/${e}/schedules?object=flow&show_children=1&date=${scheduleDate}&lang=${locale}`,
        `/api/events/get-chat-messages?event_id=${e}&offset=0&limit=20&sort_by=-date&lang=${locale}`,
      ],
    },
    {
      name: 'my events',
      path: `/${locale}/profile/myevents`,
      ready: 'main .event-card',
      text: eventName,
      legacy: [`/api/events/events-list?is_my=1&with_counts=1&limit=10&offset=0&search_type=all&lang=${locale}`],
    },
    {
      name: 'my tickets',
      path: `/${locale}/profile/mytickets`,
      ready: 'main .ticket-card',
      legacy: [`/api/tickets?is_my=1&with_counts=1&period=all_time&limit=10&offset=0&lang=${locale}`],
    },
    {
      name: 'profile',
      path: `/${locale}/profile`,
      ready: 'main h1.page__title',
      text: firstName,
      legacy: [
        `/api/profile/lite?user_id=${userId}&lang=${locale}`,
        `/api/tickets?is_my=1&period=all_time&limit=2&offset=0&lang=${locale}`,
        `/api/user/get-unread-message?lang=${locale}`,
        `/api/user/get-friends?limit=8&offset=0&lang=${locale}`,
      ],
    },
  ];
}

/**
 * A client-side route change, as a click on one of the app's links makes it: the history entry is
 * pushed and react-router hears popstate. Timed in the page from the push until the screen's data
 * is in the DOM and the next frame has been produced.
 */
export async function timeRouteChange(page: Page, screen: Screen, timeoutMs = 60_000): Promise<number> {
  return page.evaluate(
    async ({ path, ready, text, timeoutMs }) => {
      const shown = () => [...document.querySelectorAll(ready)].some((el) => !text || (el.textContent ?? '').includes(text));
      const t0 = performance.now();
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await new Promise<void>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if (shown()) {
            observer.disconnect();
            clearTimeout(timer);
            resolve();
          }
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${path}: ${ready} not shown after ${timeoutMs} ms`));
        }, timeoutMs);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        // React may have committed synchronously inside the popstate dispatch.
        if (shown()) {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        }
      });
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      return performance.now() - t0;
    },
    { path: screen.path, ready: screen.ready, text: screen.text ?? '', timeoutMs },
  );
}

/**
 * The screen's legacy calls from the page, with its cookies, all at once: time until the last body
 * has arrived and been parsed. The HTTP cache is bypassed, as the old client's answers were never
 * cacheable. Returns the time and the decoded body bytes.
 */
export async function timeLegacy(page: Page, urls: string[]): Promise<{ ms: number; bytes: number; failures: string[] }> {
  return page.evaluate(async (urls) => {
    const t0 = performance.now();
    let bytes = 0;
    const failures: string[] = [];
    await Promise.all(
      urls.map(async (u) => {
        const res = await fetch(u, { cache: 'no-store', credentials: 'same-origin' });
        const text = await res.text();
        bytes += text.length;
        const body = JSON.parse(text) as { status_code?: number };
        if (!res.ok || (body.status_code !== undefined && body.status_code !== 200)) failures.push(`${u}: HTTP ${res.status} status_code ${body.status_code}`);
      }),
    );
    return { ms: performance.now() - t0, bytes, failures };
  }, urls);
}
