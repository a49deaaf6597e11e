import type { FastifyInstance, FastifyReply } from 'fastify';
import { standName } from '../../domain/companies/repository.ts';
import { isOrganiser } from '../../domain/organisers/repository.ts';
import { posterFacts } from '../../domain/events/repository.ts';
import { fullName } from '../../domain/profile/repository.ts';
import { parseId } from '../envelope.ts';
import { uploadRoutes } from './uploads.ts';

/**
 * Posters, avatars and logos are drawn here as SVG from the record they belong to, so the demo
 * looks real and Foyer loads nothing from outside its own server: a venue may have no internet.
 */
type Palette = readonly [from: string, to: string];

const PALETTES: readonly [Palette, ...Palette[]] = [
  ['#0f4c81', '#3fa7d6'],
  ['#5b2a86', '#c06c84'],
  ['#1b5e20', '#8bc34a'],
  ['#b23a48', '#fcb9b2'],
  ['#2d3047', '#e0a458'],
  ['#0b6e4f', '#f2c14e'],
  ['#3d5a80', '#ee6c4d'],
  ['#432371', '#faae7b'],
];

const XML_ENTITIES: Partial<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);
}

/** Any record gets a palette: the same one each time for the same number. */
const paletteOf = (n: number) => PALETTES[n % PALETTES.length] ?? PALETTES[0];

/**
 * A drawn poster: the event's colours, shapes and category, but not its name. Screens print the name
 * right under or over the poster, and a name drawn into the picture as well made every card say it
 * twice. `title` still names the picture for whoever opens it on its own.
 */
export function posterSvg(id: number, title: string, subtitle: string): string {
  const [a, b] = paletteOf(id);
  const circles = Array.from({ length: 5 }, (_, i) => {
    const r = 40 + ((id * (i + 3)) % 120);
    return `<circle cx="${(id * 97 * (i + 1)) % 800}" cy="${(id * 53 * (i + 2)) % 450}" r="${r}" fill="#fff" opacity="0.08"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>${circles}
<text x="48" y="396" font-size="30" fill="#fff" opacity="0.9" font-family="system-ui, sans-serif">${escapeXml(subtitle)}</text></svg>`;
}

export function initialsSvg(id: number, text: string, rounded: boolean): string {
  const [a, b] = paletteOf(id * 7);
  const initials = escapeXml(
    text
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?',
  );
  const shape = rounded ? '<circle cx="64" cy="64" r="64" fill="url(#g)"/>' : '<rect width="128" height="128" rx="18" fill="url(#g)"/>';
  // Only the initials: the picture answers any id to anybody, and the page beside it names the person.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${initials}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
${shape}<text x="64" y="80" text-anchor="middle" font-size="46" font-family="system-ui, sans-serif" font-weight="600" fill="#fff">${initials}</text></svg>`;
}

export async function fileRoutes(app: FastifyInstance) {
  const send = (reply: FastifyReply, svg: string, cache = 'public, max-age=86400') =>
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', cache)
      // An SVG opened on its own must not run script.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(svg);

  app.get<{ Params: { id: string } }>('/files/posters/:id.svg', async (request, reply) => {
    const id = parseId(request.params.id);
    if (!id) return reply.code(404).send();
    const row = await posterFacts(app.db, id);
    if (!row) return reply.code(404).send();
    // A draft's poster carries its name: only its organisers get it, and no cache keeps it.
    if (row.status === 'draft') {
      if (!request.user || !(await isOrganiser(app.db, id, request.user.id))) return reply.code(404).send();
      return send(reply, posterSvg(id, row.name, row.category), 'private, no-store');
    }
    return send(reply, posterSvg(id, row.name, row.category));
  });

  app.get<{ Params: { id: string } }>('/files/avatars/:id.svg', async (request, reply) => {
    const id = parseId(request.params.id);
    if (!id) return reply.code(404).send();
    const row = await fullName(app.db, id);
    if (!row) return reply.code(404).send();
    return send(reply, initialsSvg(id, `${row.first_name} ${row.last_name}`, true));
  });

  app.get<{ Params: { id: string } }>('/files/logos/:id.svg', async (request, reply) => {
    const id = parseId(request.params.id);
    if (!id) return reply.code(404).send();
    const name = await standName(app.db, id);
    if (name === undefined) return reply.code(404).send();
    return send(reply, initialsSvg(id, name, false));
  });

  // Uploaded pictures (chat comments), served as images only.
  await app.register(uploadRoutes);
}
