import type { Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { E2E_BUYER, E2E_BUYER_PRODUCT } from './support/constants';
import { createVerifiedShopper } from './support/accounts';
import { expect, expectAccessible, test, visit } from './support/fixtures';

test('browse → filter by category and price → product page → cart quantities and totals @smoke', async ({
  page,
}) => {
  await visit(page, '/');
  await page.getByRole('link', { name: 'Shellfish' }).first().click();
  await expect(page).toHaveURL(/\/products\?category=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shellfish' })).toBeVisible();
  await expect(page.getByText('Showing 6 products')).toBeVisible();
  await expectAccessible(page);

  // Add Fresh Fish too, then cap the price at ₦0–₦0… the slider's first step keeps everything under ₦100,000.
  await page.getByRole('checkbox', { name: 'Fresh Fish' }).check();
  await expect(page.getByText('Showing 12 products')).toBeVisible();
  await expect(page).toHaveURL(/category=1&category=2/);
  await page.getByLabel('Maximum price').fill('0');
  await expect(page.getByText('Showing 0 products')).toBeVisible();
  await expect(page.getByText('No products found matching your criteria.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Maximum price').fill('100000');
  await expect(page.getByText('Showing 12 products')).toBeVisible();
  await expect(page).toHaveURL(/maxPrice=100000/);

  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(page.getByRole('heading', { level: 3 }).first()).toHaveText('Spiny Lobster');

  await page.getByRole('link', { name: /Giant Tiger Prawns/ }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Giant Tiger Prawns' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    'Home/Products/Giant Tiger Prawns',
  );
  await expect(page.getByText('In Stock')).toBeVisible();
  await expect(page.getByText('Free delivery within Port Harcourt for orders above ₦50,000')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Cart: Giant Tiger Prawns' }).click();
  await expect(page.getByText('Giant Tiger Prawns added to your cart')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  // In the cart, the stepper changes the cart's quantity.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');

  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText('Subtotal₦43,500');
  await expect(summary).toContainText('Total Weight3 kg');
  await expect(summary).toContainText('Order Total₦43,500');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Decrease quantity of Giant Tiger Prawns' }).click();
  await expect(summary).toContainText('Subtotal₦29,000');
  await page.getByRole('button', { name: 'Decrease quantity of Giant Tiger Prawns' }).click();
  await expect(page.getByLabel('Quantity of Giant Tiger Prawns', { exact: true })).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Decrease quantity of Giant Tiger Prawns' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');

  // It asks first; keeping the items changes nothing.
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Remove every item from your cart?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep my items' })).toBeFocused();
  await page.getByRole('button', { name: 'Keep my items' }).click();
  await expect(page.getByTestId('cart-badge')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await page.getByRole('button', { name: 'Yes, clear cart' }).click();
  await expect(page.getByText('All items have been removed from your cart')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('a weak network that loses the toast library leaves the page working, without toasts', async ({
  page,
}) => {
  // The toasts' file is fetched after the page works (docs/decisions/022); here every try of it is lost.
  let lost = 0;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    // Sonner's own file: its stylesheet's spinner class is in no other.
    if (body.includes('sonner-loading-wrapper')) {
      lost++;
      return route.abort('connectionreset');
    }
    return route.fulfill({ response, body });
  });
  await page.goto('/products?category=4');
  const stockfish = page.getByRole('button', { name: 'Add to Cart: Stockfish Head (Okporoko)' });
  await stockfish.click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  // The library is tried again after 2 s and 5 s; then the page carries on without it.
  await expect.poll(() => lost, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(8_000);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await stockfish.click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('the product list adds again; the cart shows a changed price from the server', async ({ page }) => {
  await page.goto('/products?category=4');
  const stockfish = page.getByRole('button', { name: 'Add to Cart: Stockfish Head (Okporoko)' });
  await stockfish.click();
  await expect(page.getByText('Stockfish Head (Okporoko) added to cart')).toBeVisible();
  await stockfish.click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  // Pretend the browser kept an old price: the cart page corrects it from the server.
  await page.evaluate(() => {
    const items = JSON.parse(localStorage.getItem('freshcatch-cart')!);
    items[0].priceKobo = 100;
    localStorage.setItem('freshcatch-cart', JSON.stringify(items));
  });
  await visit(page, '/cart');
  await expect(
    page.getByText('The price of Stockfish Head (Okporoko) changed from ₦1 to ₦15,500.'),
  ).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText('Subtotal₦31,000');
});

test('wishlist as a guest, then merged into the account at login', async ({ page }) => {
  const shopper = await createVerifiedShopper(page);
  await page.goto('/search?q=bonga');
  await page.getByRole('link', { name: /Dried Bonga/ }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const productUrl = page.url();
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByText('Dried Bonga added to your wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from Wishlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await visit(page, '/wishlist');
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByText('Sign in to see your wishlist on every device.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dried Bonga' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByText('Sign in to see your wishlist on every device.')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Dried Bonga' })).toBeVisible();
  await expectAccessible(page);

  // The product page is the one every shopper gets; the heart is this shopper's own, read apart —
  // and asked for again when a weak network loses the first request.
  let asked = 0;
  await page.route('**/api/products/*/for-shopper', (route) =>
    asked++ === 0 ? route.abort('connectionreset') : route.continue(),
  );
  await page.goto(productUrl);
  await expect(page.getByRole('button', { name: 'Remove from Wishlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Remove from Wishlist' })).toBeEnabled();
  expect(asked).toBe(2);
  await page.unroute('**/api/products/*/for-shopper');
  await visit(page, '/wishlist');

  // Now it lives on the server: removing it there empties the list.
  await page.getByRole('button', { name: 'Remove Dried Bonga from wishlist' }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('freshcatch-wishlist'))).toBe('[]');
});

test('search: results, category tabs, and Add to Cart becomes Added to Cart', async ({ page }) => {
  await visit(page, '/search');
  await expect(page.getByText('Enter a search term above')).toBeVisible();
  await page.getByLabel('Search products').fill('PRAWNS');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=PRAWNS$/);
  await expect(page.getByRole('heading', { name: 'Search Results (2)' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Smoked', exact: true }).click();
  await expect(page).toHaveURL(/category=smoked/);
  await expect(page.getByRole('heading', { name: 'Search Results (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart: Smoked Prawns' }).click();
  await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  await page.getByRole('link', { name: 'Feeds', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
});

test('reviews: a shopper who did not buy is told so instead of a form; a buyer reviews', async ({ page }) => {
  const shopper = await createVerifiedShopper(page);
  await page.goto('/login');
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/search?q=smoked%20catfish');
  await page
    .getByRole('link', { name: new RegExp(E2E_BUYER_PRODUCT) })
    .first()
    .click();
  await page.getByRole('tab', { name: /Reviews/ }).click();
  // Told before writing, where the form would be (the server still refuses such a review).
  await expect(page.getByText("You can only review products you've purchased.")).toBeVisible();
  await expect(page.getByLabel('Your review')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
  await expectAccessible(page);
  const productUrl = page.url();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await page.goto(`/login?redirectTo=${encodeURIComponent(new URL(productUrl).pathname)}`);
  await logIn(page, E2E_BUYER.email, E2E_BUYER.password);
  await expect(page).toHaveURL(productUrl);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  const submit = page.getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Your review').fill('   ');
  await expect(submit).toBeDisabled();
  // Click the fourth star, as a person would; the radio behind it is what the form sends.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
    .click();
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByLabel('Your review').fill('Dry, smoky and it kept for weeks.');
  await submit.click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await expect(page.getByLabel('Your review')).toHaveValue('');
  const newest = page.getByRole('tabpanel').getByRole('listitem').first();
  await expect(newest).toContainText(E2E_BUYER.name);
  await expect(newest).toContainText('Dry, smoky and it kept for weeks.');
  await expect(page.getByRole('tab', { name: 'Reviews (2)' })).toBeVisible();
  await expectAccessible(page);
});

test('recipes link to the products they use', async ({ page }) => {
  await visit(page, '/recipes');
  await page.getByRole('link', { name: /Banga Soup with Smoked Fish/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banga Soup with Smoked Fish' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Buy Smoked Catfish/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Smoked Catfish' })).toBeVisible();
  const response = await page.goto('/recipes/5');
  expect(response?.status()).toBe(404);
});

// One test per page: each is judged by axe, and seven of those in one test outran its time on a busy machine.
for (const [path, heading] of [
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/faq', 'Frequently Asked Questions'],
  ['/bulk', 'Bulk Delivery'],
  ['/specials', 'Special Packs'],
  ['/categories/fresh', 'Fresh Fish'],
  ['/farm-supplies', 'Farm Supplies'],
] as const) {
  test(`the footer page ${path} has real content and is accessible`, async ({ page }) => {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('a special pack goes into the cart whole', async ({ page }) => {
  await page.goto('/specials');
  await page.getByRole('button', { name: 'Add pack to cart' }).first().click();
  await expect(page.getByTestId('cart-badge')).toHaveText('4');
});

test('every button is named by the words it shows (WCAG 2.5.3 Label in Name)', async ({ page }) => {
  for (const path of ['/products', '/search?q=prawns', `/products/${await firstProductId(page)}`]) {
    await visit(page, path);
    const buttons = page.getByRole('button');
    await expect(buttons.first()).toBeVisible();
    const mismatches = await buttons.evaluateAll((elements) =>
      elements
        .filter((button) => (button as HTMLElement).offsetParent !== null)
        .map((button) => {
          const shown = (button as HTMLElement).innerText.replace(/\s+/g, ' ').trim().toLowerCase();
          const label = button.getAttribute('aria-label');
          return { shown, label };
        })
        // Icon-only buttons show no words; a button with words must have them in its name.
        .filter(({ shown, label }) => shown !== '' && label !== null && !label.toLowerCase().includes(shown)),
    );
    expect(mismatches, path).toEqual([]);
  }
  // The name begins with what the button says, then which product it adds.
  await expect(page.getByRole('button', { name: /^Add to Cart: / })).toBeVisible();
});

async function firstProductId(page: Page): Promise<string> {
  await page.goto('/products');
  const href = await page
    .getByRole('link', { name: /Giant Tiger Prawns/ })
    .first()
    .getAttribute('href');
  return href!.split('/').pop()!;
}

test('a product that does not exist shows the error view', async ({ page }) => {
  const response = await visit(page, '/products/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Error loading product details. This product may not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

/** The prices on the list's cards, in naira. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allTextContents();
  return texts.map((text) => Number(/₦([\d,]+)/.exec(text)![1]!.replace(/,/g, '')));
}

test('typed prices: any naira amount, kept by the address, said plainly when unusable, and without JavaScript', async ({
  page,
  browser,
}) => {
  // The slider cannot tell ₦4,800 from ₦29,000; typed amounts can, and the slider follows them.
  await visit(page, '/products?sort=price-asc');
  await page.getByLabel('Min (₦)').fill('₦4,800');
  await page.getByLabel('Max (₦)').fill('29000');
  await page.getByLabel('Max (₦)').press('Enter');
  await expect(page).toHaveURL(/\?minPrice=4800&maxPrice=29000&sort=price-asc$/);
  await expect(page.getByText('₦4,800 – ₦29,000', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('₦4,800');
  const prices = await cardPrices(page);
  expect(prices.every((price) => price >= 4800 && price <= 29_000)).toBe(true);
  expect(await page.getByLabel('Maximum price').inputValue()).toBe('100000');
  // A reload loses nothing.
  await page.reload();
  await expect(page.getByLabel('Min (₦)')).toHaveValue('4800');
  await expect(page.getByLabel('Max (₦)')).toHaveValue('29000');
  await expect(page.getByRole('article').first()).toContainText('₦4,800');

  // Letters, a negative amount, a minimum above the maximum: said, never an error page.
  await page.getByLabel('Min (₦)').fill('abc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(
    page.getByText('The minimum price "abc" is not an amount in naira (such as 4800), so it was left out.'),
  ).toBeVisible();
  await expect(page.getByText('₦0 – ₦29,000', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Min (₦)').fill('50000');
  await page.getByLabel('Min (₦)').press('Enter');
  await expect(
    page.getByText('The minimum price was above the maximum, so the two were swapped.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/minPrice=50000&maxPrice=29000/);
  await expect(page.getByText('₦29,000 – ₦50,000', { exact: true })).toBeVisible();
  await page.goto('/products?maxPrice=-500');
  await expect(page.getByText('The maximum price cannot be below ₦0, so "-500" was left out.')).toBeVisible();

  // Without JavaScript the form is a plain GET form: typed amounts, then the slider, each sent by Apply.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto('/products?sort=price-asc');
  await noScript.getByLabel('Min (₦)').fill('4800');
  await noScript.getByLabel('Max (₦)').fill('29000');
  await noScript.getByRole('button', { name: 'Apply filters' }).click();
  await expect(noScript).toHaveURL(/minPrice=4800&maxPrice=29000&sort=price-asc/);
  await expect(noScript.getByLabel('Min (₦)')).toHaveValue('4800');
  await expect(noScript.getByText('₦4,800 – ₦29,000', { exact: true })).toBeVisible();
  expect((await cardPrices(noScript)).every((price) => price >= 4800 && price <= 29_000)).toBe(true);
  await noScript.getByLabel('Maximum price').fill('500000');
  await noScript.getByRole('button', { name: 'Apply filters' }).click();
  await expect(noScript.getByText('₦4,800 – ₦500,000', { exact: true })).toBeVisible();
  await expect(noScript.getByLabel('Max (₦)')).toHaveValue('500000');
  await plain.close();
});
