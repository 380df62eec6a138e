import { expect, expectAccessible, test, visit } from './support/fixtures';

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

  // Remembered: the next page comes from the server drawn for saving.
  await visit(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-saver', '');
  const first = page.getByRole('button', { name: 'Go to slide 1' });
  await expect(first).toHaveAttribute('aria-current', 'true');
  // The banner would have moved on after 5 s; with data saver it stays until the buyer moves it.
  await page.waitForTimeout(6000);
  await expect(first).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' }).click();
  await visit(page, '/products');
  await expect(page.locator('html')).not.toHaveAttribute('data-saver', /.*/);
  await expect(picture).toHaveAttribute('srcset', / 800w$/);
});
