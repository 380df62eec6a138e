import { adminPage } from './support/accounts';
import { signedInShopper } from './support/shopping';
import { expect, expectAccessible, test } from './support/fixtures';

// Issue 51 §1 at 360 px: a farmer applies to sell from their farm book, sees the name the bank gives
// the account before applying, and the owner approves them at /admin/sellers.
test('a farmer applies to sell with a checked account, and the owner approves them', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signedInShopper(page, 'Tamuno Seller');
  await page.goto('/farm');
  await page.getByLabel('Farm name').fill('Bonny Catfish Farm');
  await page.getByLabel('State').selectOption('Rivers');
  await page.getByLabel('Town').fill('Bonny');
  await page.getByRole('button', { name: 'Start the farm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ponds' })).toBeVisible();
  await page.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sell your harvest' })).toBeVisible();
  await expectAccessible(page);

  const business = `Bonny Catfish ${testInfo.workerIndex}-${Date.now()}`;
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Phone').fill('0803 555 0199');
  await page.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank (demo)' });
  // A number the bank does not know is refused beside its field.
  await page.getByLabel('Account number (10 digits)').fill('0123456780');
  await page.getByRole('button', { name: 'Check the account' }).click();
  await expect(
    page.getByText('This account number was not found at that bank. Check the number and the bank.'),
  ).toBeVisible();
  await page.getByLabel('Account number (10 digits)').fill('0123456789');
  await page.getByRole('button', { name: 'Check the account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account name:' })).toContainText(
    'DEMO ACCOUNT 6789',
  );
  await page.screenshot({ path: testInfo.outputPath('sell-checked-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { level: 2, name: business })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('sell-applied-360.png'), fullPage: true });

  const admin = await adminPage(browser, { width: 360, height: 740 });
  await admin.goto('/admin/sellers');
  await expect(admin.getByRole('heading', { level: 1, name: 'Sellers' })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: business })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: `Approve ${business}` }).click();
  await expect(admin.getByLabel(`Commission of ${business} (%)`)).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('admin-sellers-360.png'), fullPage: true });
  await admin.context().close();

  await page.reload();
  await expect(page.getByText(/commission \d+%/)).toBeVisible();
});
