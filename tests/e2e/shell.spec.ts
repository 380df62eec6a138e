import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from './support/fixtures';

test('the home page is complete before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular Items' })).toBeVisible();
  await expect(page.getByText('Live Catfish (Table Size)').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all products' })).toBeVisible();
  await context.close();
});

test('the shell: header links, footer links, WhatsApp button, no cart badge when empty', async ({ page }) => {
  await visit(page, '/');
  const header = page.getByRole('banner');
  for (const name of ['Home', 'Products', 'Recipes', 'Search', 'Wishlist', 'Login', 'Sign Up']) {
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Community')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Contact Us', '/contact'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
    ['Fresh Fish', '/categories/fresh'],
    ['Special Packs', '/specials'],
    ['Bulk Delivery', '/bulk'],
    ['FAQ', '/faq'],
  ] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(footer.getByText('© 2025 FreshCatch')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
    'href',
    /wa\.me/,
  );
});

/** What the WhatsApp button's chat opens with, typed in for the buyer. */
async function chatFirstLine(page: Page) {
  const link = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(link).toHaveAttribute('href', /^https:\/\/wa\.me\/2348035550142\?text=/);
  return new URL((await link.getAttribute('href'))!).searchParams.get('text');
}

test('the WhatsApp chat opens naming the page the buyer is on: a product and its link, or the page', async ({
  page,
}) => {
  await visit(page, '/products?category=4');
  const origin = new URL(page.url()).origin;
  expect(await chatFirstLine(page)).toBe(
    `Hello FreshCatch, I'm asking about this page: ${origin}/products?category=4`,
  );
  await page
    .getByRole('link', { name: /Stockfish Head \(Okporoko\)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const productPath = new URL(page.url()).pathname;
  await expect
    .poll(() => chatFirstLine(page))
    .toBe(`Hello FreshCatch, I'm asking about Stockfish Head (Okporoko): ${origin}${productPath}`);
});

test('the header cart badge counts what is in the cart', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'freshcatch-cart',
      JSON.stringify([
        {
          id: 1,
          name: 'Live Catfish',
          priceKobo: 480000,
          currency: 'NGN',
          image: null,
          quantity: 3,
          weightGrams: 1000,
        },
      ]),
    ),
  );
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
});

test('the newsletter box subscribes an address', async ({ page }) => {
  await visit(page, '/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Newsletter').fill('not-an-email');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Please enter a valid email address')).toBeVisible();
  await footer.getByLabel('Newsletter').fill('fresh.news@example.ng');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Thank you! You are on the list')).toBeVisible();
  await expectAccessible(page);
});

test('the hero carousel moves by arrows and dots', async ({ page }) => {
  await visit(page, '/');
  const carousel = page.getByRole('region', { name: 'Featured' });
  await expect(
    carousel.getByRole('heading', { name: 'Fresh from the creeks of Rivers State' }),
  ).toBeVisible();
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(
    carousel.getByRole('heading', { name: 'Prawns, crabs and periwinkle for your pot' }),
  ).toBeVisible();
  await carousel.getByRole('button', { name: 'Go to slide 3' }).click();
  await expect(carousel.getByRole('heading', { name: 'Everything for your fish farm' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(
    carousel.getByRole('heading', { name: 'Fresh from the creeks of Rivers State' }),
  ).toBeVisible();
});

test('the terms page', async ({ page }) => {
  await visit(page, '/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Nigerian law', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Sign Up' })).toHaveAttribute('href', '/signup');
});
