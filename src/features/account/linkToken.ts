import { LINK_TOKEN_PATTERN } from '../../../contract/accounts.ts';

/**
 * The token of a link from an email (`…#token=…`, or an organiser's invitation `…#invite=…`), taken
 * once and removed from the address bar and history, so it is not left for the next person at this
 * browser or a screenshot.
 */
export function takeLinkToken(name: 'token' | 'invite' = 'token'): string | null {
  const match = window.location.hash.match(new RegExp(`(?:^#|&)${name}=([^&]*)`));
  if (!match) return kept?.path === window.location.pathname ? kept.token : null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const raw = decodeURIComponent(match[1] ?? '');
  const token = new RegExp(LINK_TOKEN_PATTERN).test(raw) ? raw : '';
  kept = { path: window.location.pathname, token };
  return token;
}

/**
 * The token this page load took. The page that reads it can mount again while the app settles (the
 * session or the language arrives), and by then the address bar no longer holds the token: a second
 * mount must get the same token, not "no link".
 */
let kept: { path: string; token: string } | null = null;

/**
 * One answer per token: a link's token is single-use on the server, so a page that mounts again must
 * share the first post's answer instead of posting again and being told the link was used.
 */
const answers = new Map<string, Promise<unknown>>();
export function oncePerToken<T>(token: string, post: () => Promise<T>): Promise<T> {
  let answer = answers.get(token) as Promise<T> | undefined;
  if (!answer) {
    answer = post();
    answers.set(token, answer);
  }
  return answer;
}
