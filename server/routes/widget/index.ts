import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/constants.ts';
import { formatMoney } from '../../../contract/money.ts';
import { eventTicketTypes } from '../../domain/orders/service.ts';
import { formatWhen } from '../../domain/tickets/pdf.ts';
import en from '../../../locales/en.json';
import pl from '../../../locales/pl.json';
import ru from '../../../locales/ru.json';
import uk from '../../../locales/uk.json';
import { fail, ok } from '../envelope.ts';
import { Id } from '../api/events-shared.ts';

/**
 * The ticket widget other sites embed (events.md §7, `/js/widget-tickets.js`; the script itself is
 * widget-tickets.js beside this file and says how it is used).
 *
 * Both answers are meant to be read by pages of any site, which the app-wide headers forbid
 * (plugins/security-headers.ts: `Cross-Origin-Resource-Policy: same-origin`), so each says otherwise
 * deliberately, and only these two:
 * - the script: `Cross-Origin-Resource-Policy: cross-origin`, so another site's <script> may load it;
 * - GET /api/widget/events/:id: the same, plus `Access-Control-Allow-Origin: *` so the script may
 *   fetch it. It is public data only (what the event page shows a guest), taken without cookies
 *   (`*` never carries credentials), so no session can be used or read through it.
 * frame-ancestors stays 'self': the widget does not frame Foyer. The checkout opens in a tab of its
 * own, where signing in and paying happen in Foyer's own context (docs/DESIGN.md, "The ticket widget").
 */

const SCRIPT = fs.readFileSync(new URL('./widget-tickets.js', import.meta.url), 'utf8');
const CATALOGUES: Record<Locale, { widget: Record<string, string>; price: { free: string } }> = { en, pl, ru, uk };

const Query = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 16 })) });

function words(lang: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = CATALOGUES[lang].widget[key] ?? CATALOGUES.en.widget[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export async function widgetRoutes(app: FastifyInstance) {
  app.get('/js/widget-tickets.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300')
      .send(SCRIPT),
  );

  app.get<{ Params: { eventId: number }; Querystring: Static<typeof Query> }>(
    '/api/widget/events/:eventId',
    { schema: { params: Type.Object({ eventId: Id }), querystring: Query } },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin').header('cache-control', 'public, max-age=30');
      const short = (request.query.lang ?? '').slice(0, 2);
      const lang: Locale = (LOCALES as readonly string[]).includes(short) ? (short as Locale) : DEFAULT_LOCALE;
      let sale: Awaited<ReturnType<typeof eventTicketTypes>>;
      try {
        sale = await eventTicketTypes(app.db, request.params.eventId, app.cards !== null, new Date());
      } catch {
        return fail(reply, 'event_not_found');
      }
      const dateOf = (s: number) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: sale.event.timezone }).format(s * 1000);
      return ok({
        labels: { title: words(lang, 'title'), buy: words(lang, 'buy'), none: words(lang, 'none'), newTab: words(lang, 'newTab') },
        event: {
          name: sale.event.name,
          when_label: formatWhen(new Date(sale.event.when * 1000), new Date(sale.event.when_end * 1000), sale.event.timezone),
        },
        types: sale.types.map((t) => ({
          name: t.name,
          state: t.state,
          price_label: t.price > 0 ? formatMoney(t.price, sale.currency, lang) : CATALOGUES[lang].price.free,
          state_label:
            t.state === 'sold_out'
              ? words(lang, 'soldOut')
              : t.state === 'ended'
                ? words(lang, 'ended')
                : t.state === 'not_yet'
                  ? words(lang, 'notYet', { date: dateOf(t.sale_starts) })
                  : t.left !== null
                    ? words(lang, 'left', { count: t.left })
                    : '',
        })),
      });
    },
  );
}
