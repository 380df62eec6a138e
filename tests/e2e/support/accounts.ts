import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { codeNow } from '../../support/totp';
import { E2E_ADMIN, E2E_OUTBOX, E2E_PASSWORD } from './constants';
import { expectAccessible } from './fixtures';

let counter = 0;
/** A fresh e-mail address per call, unique across workers and runs. */
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.ng`;
}

/** The newest link mailed to this address (read from the dev outbox the server writes). */
export async function linkMailedTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        // The server makes the outbox with its first mail: before that, no mail yet (not an error).
        if (!existsSync(E2E_OUTBOX)) return false;
        const files = readdirSync(E2E_OUTBOX, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('.json'))
          .map((f) => f.name)
          .sort();
        for (const file of files.reverse()) {
          const mail = JSON.parse(readFileSync(path.join(E2E_OUTBOX, file), 'utf8')) as {
            to: string;
            text: string;
          };
          if (mail.to === email) {
            link = mail.text.match(/https?:\/\/\S+/)?.[0];
            return Boolean(link);
          }
        }
        return false;
      },
      { message: `a mail to ${email}` },
    )
    .toBe(true);
  return link!;
}

export async function signUp(page: Page, name: string, email: string, password = E2E_PASSWORD) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
}

/** A shopper who signed up and confirmed the e-mail, not signed in. */
export async function createVerifiedShopper(page: Page, name = 'Test Shopper') {
  const email = uniqueEmail('shopper');
  await signUp(page, name, email);
  await page.goto(await linkMailedTo(email));
  await expect(page).toHaveURL(/\/email-confirmation/);
  await expectAccessible(page);
  return { email, password: E2E_PASSWORD, name };
}

export async function logIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs the administrator in on `page`: on the dashboard, with the sign-in toast gone. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel('Code from your authenticator app').fill(await codeNow());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The sign-in toast goes first: axe would judge it dimmed behind a dialog's backdrop.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * The administrator signed in on a page of their own (a new browser context, asking for less motion as
 * the suite's own pages do: playwright.config.ts).
 */
export async function adminPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}
