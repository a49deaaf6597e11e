import { CURRENCY_BY_LOCALE, type Locale } from '../../contract/constants.ts';
import { formatMoney } from '../../contract/money.ts';
import { zoneOffsetMinutes } from '../../contract/time.ts';

/**
 * The first Intl formatter of a kind in a language costs the browser its locale data: 10 to 25 ms
 * for a NumberFormat or a zone's DateTimeFormat on a laptop, four times that on a slow phone, then
 * almost nothing for the next. Left to the render that first needs one, that cost lands inside
 * the render of the event cards and makes it a long task, the kind that keeps a tap waiting
 * (Lighthouse counts it as blocking time). Made here, each in a task of its own after the first paint, while the page
 * waits for the sync worker's first answers, it is spent where nothing waits for it. The formatters
 * made are the ones those renders keep and use: prices in the language's currency and the clock
 * of the device's own zone. Relative times ("3 minutes ago") need none: they are worded by the
 * translations (layout/relativeTime.ts).
 */
export function warmFormatters(locale: Locale): () => void {
  const nowMs = Date.now();
  const steps = [
    () => formatMoney(1, CURRENCY_BY_LOCALE[locale], locale),
    () => zoneOffsetMinutes(Math.floor(nowMs / 1000), new Intl.DateTimeFormat().resolvedOptions().timeZone),
  ];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    timer = setTimeout(next, 0);
  };
  timer = setTimeout(next, 0);
  return () => clearTimeout(timer);
}
