import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { localePart } from './locales/parts.ts';

/** The Fastify server of `npm run serve`; the dev server forwards everything that is not the app to it. */
const BACKEND = process.env.FOYER_BACKEND ?? 'http://127.0.0.1:8080';

const toBackend: ProxyOptions = { target: BACKEND, changeOrigin: false };

const LOCALE_MODULE = /^virtual:foyer-locale\/([a-z]{2})(-later)?$/;

/**
 * `virtual:foyer-locale/uk` is the first part of locales/uk.json and `virtual:foyer-locale/uk-later`
 * the rest (locales/parts.ts), each a chunk named after its language. Translators keep one file.
 */
function localeParts(): Plugin {
  return {
    name: 'foyer-locale-parts',
    resolveId(id) {
      return LOCALE_MODULE.test(id) ? `\0${id}` : undefined;
    },
    load(id) {
      const m = LOCALE_MODULE.exec(id.replace(/^\0/, ''));
      if (!id.startsWith('\0') || !m) return undefined;
      const file = path.resolve('locales', `${m[1]}.json`);
      this.addWatchFile(file);
      const texts = localePart(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>, m[2] ? 'later' : 'first');
      // JSON.parse of a string literal is quicker for the engine than an object literal this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

export default defineConfig({
  plugins: [
    localeParts(),
    react(),
    VitePWA({
      // Our own service worker (src/sw.ts): we need runtime image caching and notification clicks that
      // generateSW cannot express, and an update flow that waits for the sync to settle.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // src/app/pwa registers it through virtual:pwa-register, so nothing is injected into index.html.
      injectRegister: false,
      // The update prompt decides when to activate a new version, never the worker on its own.
      registerType: 'prompt',
      // A caching worker under the dev server fights HMR; the offline behaviour is tested on the build.
      devOptions: { enabled: false },
      manifest: {
        id: '/',
        name: 'Foyer',
        short_name: 'Foyer',
        description: 'Events, live stage, chat and one-to-one meetings that keep working without a network.',
        lang: 'uk',
        dir: 'ltr',
        // Ukrainian is the default locale; the router redirects to the user's saved language from here.
        start_url: '/uk/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f4c81',
        background_color: '#ffffff',
        categories: ['events', 'social', 'business'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          // Full-bleed background with the mark inside the 80% safe zone, so launchers may crop it to any shape.
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // globPatterns below already precache every icon and the favicon; listing them again here would
      // only add duplicate precache entries.
      includeManifestIcons: false,
      injectManifest: {
        // The whole shell: scripts (including the sync worker chunk, which an offline reload must start),
        // styles, the HTML that navigateFallback serves, fonts and icons. The plugin adds the web manifest
        // itself, so it is not globbed here (it would appear twice).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // 260-odd country flags, of which a user meets a few: cached as they are shown (src/sw.ts).
        globIgnores: ['assets/flags/**'],
        // The RxDB + Dexie chunk of the sync worker is large; an offline start needs it all the same.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        // Built as a classic script: the plugin registers the worker without type 'module', and classic
        // service workers run in every browser that has service workers at all.
        rollupFormat: 'iife',
      },
    }),
  ],
  resolve: {
    // The page renders with Preact's React-compatible build (docs/DESIGN.md "Preact renders the
    // page"): React DOM alone was a third of the first route's JavaScript.
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  // The sync worker (workers/sync.worker.ts) is started as `new Worker(new URL(...), { type: 'module' })`,
  // so its bundle must be an ES module too.
  worker: { format: 'es' },
  build: {
    // server/app.ts serves this folder (DIST_DIR) with an SPA fallback to index.html.
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Flags stay files (src/ui/flag-urls.ts): inlined, all of them would ride in the main bundle.
    assetsInlineLimit: (file) => (file.includes('country-flag-icons') ? false : undefined),
    rollupOptions: {
      // The page imports constants from the contract's modules, which also build the TypeBox schemas
      // that only the worker and the server check with. Saying that the builder's calls (and the
      // contract's own helpers, marked __NO_SIDE_EFFECTS__) are free lets an unused schema fall out
      // of the page, and TypeBox with the last one. Property reads count as free too: the schemas
      // spread shared field sets (`...RevField`), and a spread left behind would keep them. Nothing
      // in the page reads a property for its effect (no `el.offsetHeight;` to force a layout).
      treeshake: {
        propertyReadSideEffects: false,
        manualPureFunctions: ['Type'],
      },
      output: {
        // Everything the first route imports statically is one chunk: split along the lazy screens'
        // boundaries it was some forty files of 1–2 KiB each, and on a phone's network each costs a
        // request (Lighthouse's simulated first paint counts them). Lazy screens import from it.
        codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] },
        assetFileNames: (asset) =>
          asset.originalFileNames?.some((f) => f.includes('country-flag-icons')) ? 'assets/flags/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': toBackend,
      '/sync': toBackend,
      '/files': toBackend,
      '/oauth': toBackend,
      // The specs' per-locale logout URL (/uk/oauth/logout) is a server route, not a screen.
      '^/(uk|en|ru|pl)/oauth/': toBackend,
      '/wss': { ...toBackend, ws: true },
      '/healthz': toBackend,
      // The personal calendar feed calendar apps poll (/calendar/feed.ics).
      '/calendar/feed.ics': toBackend,
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
