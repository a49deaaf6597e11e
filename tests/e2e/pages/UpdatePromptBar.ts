import type { Locator, Page } from 'playwright-core';

/** "A new version is available — Reload" (src/app/pwa/UpdatePrompt.tsx). */
export class UpdatePromptBar {
  constructor(readonly page: Page) {}

  get bar(): Locator {
    return this.page.getByRole('status').filter({ hasText: /нова версія|new version|новая версия|nowa wersja/i });
  }

  get reload(): Locator {
    return this.bar.getByRole('button', { name: /^(оновити|reload|обновить|odśwież)$/i });
  }
}
