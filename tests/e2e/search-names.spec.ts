import { adminPage } from './support/accounts';
import { expect, expectAccessible, test, visit } from './support/fixtures';

// Found by the names people use (issue 34, part 3).

test('a misspelling shows the closest spelling’s results and says so; a market name finds its fish', async ({
  page,
}) => {
  await visit(page, '/search?q=catfsh');
  await expect(page.getByText('Showing results for catfish. Nothing matched “catfsh”.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart: Smoked Catfish' })).toBeVisible();
  await expectAccessible(page);

  await visit(page, '/search?q=titus');
  await expect(page.getByRole('link', { name: /Smoked Titus Mackerel/ }).first()).toBeVisible();
  await visit(page, '/search?q=stock%20fish');
  await expect(page.getByRole('link', { name: /Stockfish Head \(Okporoko\)/ }).first()).toBeVisible();
  await visit(page, '/search?q=qqqqxz');
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
});

test('the owner adds a search name, and buyers find the fish by it', async ({ browser, page }) => {
  const admin = await adminPage(browser);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Search Names' }).click();
  await expect(admin.getByRole('heading', { name: 'Search Names', level: 1 })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'okporoko' })).toContainText('stockfish');
  await admin.getByRole('link', { name: 'Add Search Name' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Search Name' });
  await dialog.getByLabel('Name buyers type').fill('Agbodo');
  await dialog.getByLabel('Word in product names').fill('Croaker');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Search name added successfully')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'agbodo' })).toContainText('croaker');
  await expectAccessible(admin);
  await admin.context().close();

  // Each of the shop's workers reads the names again within 30 seconds.
  await expect(async () => {
    await page.goto('/search?q=agbodo');
    await expect(page.getByRole('link', { name: /Croaker Fish \(Fresh\)/ }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 45_000 });
});
