import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';

// A cart restored from browser storage with impossible quantities is repaired, not
// crashed on.
test('a stored cart with a negative and a huge quantity is repaired with a toast, and checkout works', async ({
  page,
}) => {
  await signedInShopper(page, 'Repaired Cart');
  await completeProfile(page);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await addToCart(page, 'crayfish', 'Ground Crayfish');
  await page.evaluate(() => {
    const lines = JSON.parse(localStorage.getItem('freshcatch-cart')!) as { quantity: number }[];
    lines[0]!.quantity = -3;
    lines[1]!.quantity = 1e12;
    localStorage.setItem('freshcatch-cart', JSON.stringify(lines));
  });
  await page.goto('/checkout');
  await expect(page.getByText('Cart repaired')).toBeVisible();
  await expect(
    page.getByText(/The quantity of Smoked Catfish, Ground Crayfish was not one we can sell/),
  ).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // 1 × ₦12,500 + 999 × ₦4,900 = ₦4,907,600.
  await expect(summary).toContainText('Subtotal₦4,907,600');
  await expect(page.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('freshcatch-cart')!) as { quantity: number }[],
  );
  expect(stored.map((l) => l.quantity)).toEqual([1, 999]);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(page);
});
