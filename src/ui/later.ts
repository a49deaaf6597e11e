import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { withLaterTexts } from './texts.ts';

/**
 * A component whose code is a chunk of its own, fetched when it is first drawn. It draws nothing
 * for the moment that takes, inside whatever shows it; the service worker precaches every chunk,
 * so an installed app draws it offline too. Its texts may be in the language's later part, which
 * is fetched beside it (ui/texts.ts).
 *
 * Before the service worker has cached the chunks (a first visit that loses the network), the
 * fetch fails: the component then draws nothing instead of taking the screen down with it, and the
 * next time it is drawn it asks again.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = () =>
    lazy(async () => {
      try {
        return { default: await withLaterTexts(load) };
      } catch {
        Lazy = attempt();
        return { default: Nothing as ComponentType<P> };
      }
    });
  let Lazy = attempt();
  return (props: P) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
}

function Nothing(): null {
  return null;
}
