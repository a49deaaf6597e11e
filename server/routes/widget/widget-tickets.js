/*
 * Foyer's ticket widget, for organisers' own sites (events.md §7: /js/widget-tickets.js with the
 * options id, lang, domain, redirect_url). One tag puts an event's tickets on the page:
 *
 *   <script src="https://foyer.example/js/widget-tickets.js" data-id="42" data-lang="uk"
 *           data-redirect-url="https://my-conference.example/thanks" async></script>
 *
 * data-domain names the Foyer server when the script is served from elsewhere (a CDN); by default
 * it is where the script came from. The widget draws the event's ticket types with their prices
 * (from GET /api/widget/events/:id, open to any site, no cookies) and a "Buy tickets" link that
 * opens Foyer's checkout for the event in a new tab: there the buyer signs in or signs up in
 * Foyer's own (first-party) context, pays, and is offered the way back to redirect_url. Pages that
 * place widgets themselves call FoyerTickets.mount(element, {id, lang, domain, redirect_url}).
 *
 * Plain ES2017 with no dependencies; everything is drawn in a shadow root with textContent, so the
 * host page's styles and Foyer's cannot meet, and nothing from the server is ever parsed as HTML.
 */
(() => {
  const LANGS = ['uk', 'en', 'ru', 'pl'];
  const STYLE = [
    ':host{all:initial;display:block;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330}',
    '.w{border:1px solid #d5d9e2;border-radius:10px;padding:16px;max-width:560px;background:#fff}',
    'h2{font-size:18px;margin:0 0 4px}',
    '.when{color:#566070;margin:0 0 12px}',
    'ul{list-style:none;margin:0 0 12px;padding:0}',
    'li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-top:1px solid #eceff4}',
    '.name{font-weight:600}',
    '.state{color:#566070;font-size:13px}',
    '.price{white-space:nowrap;font-weight:600}',
    'a.buy{display:inline-block;background:#2450a8;color:#fff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600}',
    'a.buy:focus-visible{outline:3px solid #f2b705;outline-offset:2px}',
    '.muted{color:#566070}',
  ].join('');

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function safeUrl(value) {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
    } catch (_) {
      return '';
    }
  }

  function normalise(options) {
    const id = String(options.id || '').trim();
    const lang = LANGS.indexOf(String(options.lang || '').slice(0, 2)) >= 0 ? String(options.lang).slice(0, 2) : 'uk';
    const domain = (safeUrl(options.domain || '') || '').replace(/\/+$/, '');
    return { id: /^[1-9][0-9]{0,9}$/.test(id) ? id : '', lang, domain, redirect: safeUrl(options.redirect_url || '') };
  }

  function checkoutUrl(o) {
    let url = `${o.domain}/${o.lang}/events/${o.id}/checkout?from=widget`;
    if (o.redirect) url += `&return=${encodeURIComponent(o.redirect)}`;
    return url;
  }

  /**
   * The widget's styles as a constructed stylesheet where the browser has them: CSSOM is not inline
   * style, so a host page whose Content-Security-Policy forbids inline styles still shows the widget.
   */
  function styled(root) {
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
      root.adoptedStyleSheets = [sheet];
      return [];
    }
    return [el('style', '', STYLE)];
  }

  function draw(root, o, data) {
    const L = data.labels;
    const box = el('section', 'w');
    box.setAttribute('aria-label', L.title);
    box.appendChild(el('h2', '', data.event.name));
    box.appendChild(el('p', 'when', data.event.when_label));
    const open = data.types.filter((t) => t.state === 'on_sale');
    if (!data.types.length) box.appendChild(el('p', 'muted', L.none));
    else {
      const list = el('ul');
      data.types.forEach((t) => {
        const item = el('li');
        const left = el('div');
        left.appendChild(el('div', 'name', t.name));
        if (t.state_label) left.appendChild(el('div', 'state', t.state_label));
        item.appendChild(left);
        item.appendChild(el('div', 'price', t.price_label));
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    if (open.length) {
      const link = el('a', 'buy', L.buy);
      link.href = checkoutUrl(o);
      link.target = '_blank';
      link.rel = 'noopener';
      link.setAttribute('aria-describedby', 'foyer-new-tab');
      box.appendChild(link);
      const note = el('p', 'muted', L.newTab);
      note.id = 'foyer-new-tab';
      box.appendChild(note);
    }
    root.replaceChildren(...styled(root), box);
  }

  function failed(root, text) {
    const box = el('section', 'w');
    box.appendChild(el('p', 'muted', text));
    root.replaceChildren(...styled(root), box);
  }

  const UNAVAILABLE = {
    uk: 'Квитки зараз не вдається показати.',
    en: 'Tickets cannot be shown right now.',
    ru: 'Билеты сейчас не удаётся показать.',
    pl: 'Nie można teraz pokazać biletów.',
  };

  function mount(host, options) {
    const o = normalise(options || {});
    const root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    if (!o.id || !o.domain) return failed(root, UNAVAILABLE[o.lang]);
    return fetch(`${o.domain}/api/widget/events/${o.id}?lang=${o.lang}`, { credentials: 'omit', mode: 'cors' })
      .then((res) => res.json())
      .then((body) => {
        // biome-ignore lint/complexity/useOptionalChain: the widget stays ES2017 (see the header) for old browsers on organisers' sites; ?. is ES2020
        if (!body || body.status_code !== 200 || !body.data) throw new Error('unavailable');
        draw(root, o, body.data);
      })
      .catch(() => failed(root, UNAVAILABLE[o.lang]));
  }

  window.FoyerTickets = window.FoyerTickets || { mount };

  const script = document.currentScript;
  // biome-ignore lint/complexity/useOptionalChain: ES2017, as above
  if (!script || !script.dataset || !script.dataset.id) return;
  const host = document.createElement('div');
  host.className = 'foyer-tickets';
  script.parentNode.insertBefore(host, script.nextSibling);
  mount(host, {
    id: script.dataset.id,
    lang: script.dataset.lang || (navigator.language || '').slice(0, 2),
    domain: script.dataset.domain || new URL(script.src).origin,
    redirect_url: script.dataset.redirectUrl,
  });
})();
