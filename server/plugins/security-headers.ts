import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer (helmet): the shell, its assets, the service worker, the API.
 *
 * The Content-Security-Policy is as strict as the built PWA allows, and each source says why:
 * - scripts, styles, fonts and the web manifest only from this server: the build has no inline
 *   script or style, the app draws in system fonts, and nothing is loaded from a CDN;
 * - the sync worker and the service worker are scripts of this server ('self');
 * - pictures from this server, plus data: and blob: for what the device draws itself (ticket QR
 *   codes, camera frames of the door scanner, image previews before an upload);
 * - fetches, the hint stream and the websockets only to this server (`ws:`/`wss:` are named for
 *   browsers whose 'self' does not cover them);
 * - frames: this server (the webinar frame, which redirects to the organiser's stream) and any
 *   https page, since an organiser's stream can be on any video host, plus the meeting calls' video
 *   service (VIDEO_BASE_URL), which a venue may run on plain http;
 * - no plugins, no <base>, forms post only here, and only this site may frame the app.
 *
 * Routes that render a page of their own (the webinar frame pages, the logout confirm page, files)
 * send a stricter policy of their own, which replaces this one.
 */

/** A Host header fit to be named in the policy; anything else is left out rather than echoed. */
const SAFE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function socketSources(host: string | undefined, secure: boolean): string[] {
  if (!host || !SAFE_HOST.test(host)) return [];
  return secure ? [`wss://${host}`] : [`ws://${host}`, `wss://${host}`];
}

export function contentSecurityPolicy(config: Pick<Config, 'secureCookies' | 'videoBaseUrl'>) {
  const video = new URL(config.videoBaseUrl).origin;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      fontSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", (req: IncomingMessage) => socketSources(req.headers.host, config.secureCookies).join(' ')],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameSrc: ["'self'", 'https:', ...(video.startsWith('https:') ? [] : [video])],
      childSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // Behind TLS only: on a plain-http venue server it would send every request to a port that
      // does not answer.
      ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Same-origin resources only: no other site may embed the API's answers, pictures or scripts.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Off: it would make every cross-origin frame (organisers' streams, the call's video service)
    // opt in with CORP headers that those hosts do not send.
    crossOriginEmbedderPolicy: false,
    // Same-site frames of the app itself (the webinar frame page) are allowed; no other site.
    xFrameOptions: { action: 'sameorigin' },
    // Other sites learn only the origin; paths (an event's people, a profile) stay here. Video hosts
    // that check the embedding site (YouTube) still see which site it is.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only where the site is served over TLS (SECURE_COOKIES=1); a year, this host only: the
    // venue's other names may still serve plain http.
    strictTransportSecurity: config.secureCookies ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });
}
