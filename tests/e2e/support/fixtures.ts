import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Runs axe (WCAG 2.1 A/AA) on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Judge what a person sees once things settle, not a toast halfway through fading in. A toast asked
  // for but not drawn yet (app/lib/toasts.tsx: data-toasts-pending) or drawn with data-mounted="false"
  // (its fade starts a frame later) counts as unsettled, and the page must stay settled two frames.
  // A navigation during the check destroys its context: that try counts as unsettled too.
  await expect
    .poll(
      () =>
        page
          .evaluate(
            () =>
              new Promise<boolean>((resolve) => {
                const settled = () =>
                  !document.documentElement.dataset.toastsPending &&
                  !document.querySelector('[data-sonner-toast][data-mounted="false"]') &&
                  document
                    .getAnimations()
                    .every(
                      (a) =>
                        a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
                    );
                if (!settled()) return resolve(false);
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(settled())));
              }),
          )
          .catch(() => false),
      { message: 'the page settles (no toast or transition under way)', intervals: [50] },
    )
    .toBe(true);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Goes to a page, waits for it to be interactive, and checks it with axe. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  return response;
}

/**
 * Every test fails on an unexpected console error or page error. The browser's own
 * "Failed to load resource" lines for 4xx answers are expected (wrong password → 401).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };
