import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from './support/fixtures';

// The carousel moves by itself only for a person who has not asked for less motion.
test.use({ contextOptions: { reducedMotion: 'no-preference' } });

/** The home page, its carousel not hovered (a pointer over it pauses it). */
async function visitHome(page: Page) {
  await visit(page, '/');
  await page.mouse.move(0, 0);
}

/** Whether the home page's carousel is off its first slide. */
async function offFirstSlide(page: Page): Promise<boolean> {
  return (await page.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')) !== 'true';
}

test('without data saver the carousel moves on by itself (spec §9: every 5 s)', async ({ page }) => {
  await visitHome(page);
  // Within its 5 s once the page is live, however long a busy machine takes to make it live.
  await expect.poll(() => offFirstSlide(page), { timeout: 20_000 }).toBe(true);
});

test('the data saver switch in the footer: smallest pictures, a still banner, remembered', async ({
  page,
}) => {
  await visit(page, '/products');
  const picture = page.getByRole('main').locator('img[src$=".webp"]').first();
  await expect(picture).toHaveAttribute('srcset', / 800w$/);

  const saver = page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' });
  await expect(saver).toHaveAttribute('aria-checked', 'false');
  await saver.click();
  await expect(saver).toHaveAttribute('aria-checked', 'true');
  // Redrawn at once: the smallest width alone.
  await expect(picture).toHaveAttribute('src', /-400\.webp$/);
  await expect(picture).not.toHaveAttribute('srcset', /.*/);
  await expectAccessible(page);

  // Remembered: the next page comes from the server drawn for saving, and its banner stays still
  // until the buyer moves it.
  await visitHome(page);
  await page.waitForTimeout(6_000);
  expect(await offFirstSlide(page)).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('data-saver', '');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' }).click();
  await visit(page, '/products');
  await expect(page.locator('html')).not.toHaveAttribute('data-saver', /.*/);
  await expect(picture).toHaveAttribute('srcset', / 800w$/);
});
