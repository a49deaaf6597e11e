import type { FastifyReply } from 'fastify';

/**
 * A small HTML page for answers that render inside a frame (the webinar frame, a call frame), where
 * an envelope would show as raw JSON. It may only be framed by this site.
 */
export function framePage(reply: FastifyReply, status: number, title: string, text: string = title) {
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{margin:0;display:grid;place-items:center;height:100vh;background:#111;color:#eee;font:16px system-ui,sans-serif;text-align:center;padding:1rem;box-sizing:border-box}</style>
</head><body><p>${esc(text)}</p></body></html>`);
}
