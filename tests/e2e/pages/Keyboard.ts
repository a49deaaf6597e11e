import type { CDPSession, Page } from 'playwright-core';

/** What has the keyboard focus, as assistive technology sees it (Chromium's accessibility tree). */
export interface Focused {
  tag: string;
  /** The computed ARIA role: button, radio, tab, textbox, searchbox… */
  role: string;
  /** The computed accessible name. */
  name: string;
  text: string;
  pressed: string | null;
  inOpenDialog: boolean;
  /** The accessible name of the card (article) it sits in, if any. */
  card: string | null;
  /** The text of the chat message it belongs to, or ''. */
  messageText: string;
}

/**
 * A keyboard user: presses keys and reads where focus is. It never clicks and never moves focus by
 * script, so a test built on it proves the screen works from the keyboard alone.
 */
export class Keyboard {
  private cdp: CDPSession | null = null;

  constructor(readonly page: Page) {}

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async tab(shift = false): Promise<void> {
    await this.page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }

  async focused(): Promise<Focused> {
    const dom = await this.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const article = el?.closest('article');
      const labelled = article?.getAttribute('aria-labelledby');
      return {
        tag: el ? el.tagName.toLowerCase() : '',
        text: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        pressed: el?.getAttribute('aria-pressed') ?? null,
        inOpenDialog: Boolean(el?.closest('dialog[open]')),
        card: article ? (labelled ? (document.getElementById(labelled)?.textContent ?? '').trim() : article.getAttribute('aria-label')) : null,
        messageText: (el?.closest('[data-testid="chat-message"]')?.textContent ?? '').trim(),
      };
    });
    const ax = await this.accessible();
    return { ...dom, ...ax };
  }

  /**
   * Presses Tab (or Shift+Tab) until `accept` holds for the focused element; fails after `max` presses
   * with the trail of what focus passed through.
   */
  async tabUntil(accept: (f: Focused) => boolean, opts: { shift?: boolean; max?: number } = {}): Promise<Focused> {
    const max = opts.max ?? 60;
    const trail: string[] = [];
    for (let i = 0; i < max; i++) {
      await this.tab(opts.shift);
      const f = await this.focused();
      if (accept(f)) return f;
      trail.push(`${f.role}:${f.name || f.tag}`);
    }
    throw new Error(`no matching element within ${max} ${opts.shift ? 'Shift+Tab' : 'Tab'} presses; focus went through:\n  ${trail.join('\n  ')}`);
  }

  private async accessible(): Promise<{ role: string; name: string }> {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    const { result } = (await this.cdp.send('Runtime.evaluate', { expression: 'document.activeElement' })) as { result: { objectId?: string } };
    if (!result.objectId) return { role: '', name: '' };
    const { nodes } = (await this.cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false })) as {
      nodes: { role?: { value?: string }; name?: { value?: string } }[];
    };
    const node = nodes[0];
    return { role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? '').trim() };
  }
}
