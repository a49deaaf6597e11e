import type { Locator, Page } from 'playwright-core';

/** The login screen (/<locale>/login): two labelled fields, submitted with Enter like a user would. */
export class LoginPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'uk',
  ) {}

  async goto(returnUrl?: string): Promise<void> {
    const query = returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : '';
    await this.page.goto(`${this.baseUrl}/${this.locale}/login${query}`);
  }

  get email(): Locator {
    return this.page.getByLabel(/e-?mail|пошта|почта/i);
  }

  get password(): Locator {
    return this.page.getByLabel(/password|пароль|hasło/i);
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.password.press('Enter');
  }

  /** Signs in as somebody who followed a link to `returnPath` would, and waits to land back there. */
  async signInTo(returnPath: string, email: string, password: string): Promise<void> {
    await this.goto(returnPath);
    await this.login(email, password);
    await this.page.waitForURL(`**${returnPath}`);
  }
}
