import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rule sets of axe-core (WCAG 2.0's are part of 2.1). */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Waits until the screen stops loading: no spinner for a few consecutive looks, then two animation
 * frames so React's last commit is painted. Data that arrives later would change what axe sees.
 */
export async function settle(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __settleCount?: number };
      const busy = document.querySelector('.spinner, [aria-busy="true"]') !== null || document.querySelector('#root, body')?.childElementCount === 0;
      w.__settleCount = busy ? 0 : (w.__settleCount ?? 0) + 1;
      return w.__settleCount >= 4;
    },
    null,
    { timeout: timeoutMs, polling: 100 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Runs axe-core in the page. The source is evaluated through the DevTools protocol rather than a
 * <script> tag, so the app's Content-Security-Policy does not stand in the way.
 */
export async function axeViolations(page: Page, axeSource: string, tags = WCAG21_AA_TAGS): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, tags);
}

/** One line per rule, then its first elements (a repeated component would list dozens): what a failing run prints. */
export function formatViolations(violations: AxeViolation[], perRule = 5): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, perRule)
        .map((n) => `    ${n.target.join(' >> ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`);
      if (v.nodes.length > perRule) nodes.push(`    …and ${v.nodes.length - perRule} more`);
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}
