import type { Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { signedInShopper } from './support/shopping';
import { expect, expectAccessible, test } from './support/fixtures';

// The farm book (issue 50) on a 360 px phone: a new farmer makes a farm and a pond, stocks it, feeds
// it in one tap, weighs a sample, and a worker they invite sees the day's work but no money.

async function startFarm(page: Page) {
  await page.goto('/farm');
  await expect(page.getByRole('heading', { level: 1, name: 'My farm' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Farm name').fill('Okrika Fish Farm');
  await page.getByLabel('State').selectOption('Rivers');
  await page.getByLabel('Town').fill('Okrika');
  await page.getByRole('button', { name: 'Start the farm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ponds' })).toBeVisible();
}

async function addAndStockPond(page: Page) {
  await page.getByLabel('Pond name').fill('Pond A');
  await page.getByLabel('Area (m²)').fill('48');
  await page.getByLabel('Depth (m)').fill('1.2');
  await page.getByRole('button', { name: 'Add the pond' }).click();
  await expect(page.getByRole('listitem').getByText('Pond A', { exact: true })).toBeVisible();
  await expectAccessible(page);
  // 10⁹ fish is refused beside its field, and nothing is stocked.
  await page.getByLabel('Number of fish').fill('1000000000');
  await page.getByLabel('Average weight (g)').fill('90');
  await page.getByRole('button', { name: 'Stock the pond' }).click();
  await expect(page.getByText('Number of fish must be a whole number from 1 to 2,000,000')).toBeVisible();
  await page.getByLabel('Number of fish').fill('1000');
  await page.getByLabel('What they cost (₦)').fill('150000');
  await page.getByRole('button', { name: 'Stock the pond' }).click();
  await expect(page.getByRole('link', { name: 'Stocked: open its cycle' })).toBeVisible();
}

test('a new farmer makes a farm and a pond, stocks it, feeds it in one tap and weighs a sample', async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, 'Ibiso Farmer');
  await startFarm(page);
  await addAndStockPond(page);

  await page.getByRole('link', { name: 'Today' }).click();
  const pond = page.getByRole('region', { name: 'Pond A' });
  // 1,000 fish of 90 g: 90 kg × 4.04 %/day = 3.64 kg of 3 mm pellets, in 2 meals.
  await expect(pond.getByText('Feed today: 3.64 kg of 3 mm pellets')).toBeVisible();
  await expectAccessible(page);
  await pond.getByRole('button', { name: 'Fed as planned' }).click();
  await expect(pond.getByText('Fed 3.64 kg today, as planned')).toBeVisible();
  await expect(page.getByText('1 of 1 stocked ponds logged today.')).toBeVisible();

  // Deaths beyond the fish alive are refused beside the field.
  await pond.getByText('Record something else').click();
  await pond.getByLabel('How many').fill('5000');
  await pond.getByRole('button', { name: 'Save deaths' }).click();
  await expect(pond.getByText('Only 1,000 fish are alive in this pond')).toBeVisible();
  await pond.getByLabel('How many').fill('4');
  await pond.getByRole('button', { name: 'Save deaths' }).click();
  await expect(pond.getByText('4 dead today')).toBeVisible();

  // A sample above the plan moves the forecast earlier.
  await pond.getByRole('link', { name: 'Pond A' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pond A' })).toBeVisible();
  await expectAccessible(page);
  const forecast = page.getByRole('region', { name: 'Harvest forecast' });
  const before = await forecast.locator('strong').textContent();
  await expect(forecast.getByText('Cost so far', { exact: true })).toBeVisible();
  await page.getByLabel('Fish weighed').fill('100');
  await page.getByLabel('Their total weight (kg)').fill('13');
  await page.getByRole('button', { name: 'Save sample' }).click();
  await expect(page.getByRole('cell', { name: '130 g' })).toBeAttached();
  await expect(forecast.locator('strong')).not.toHaveText(before!);
});

test('a worker records the day on the farm they were invited to, and sees no money', async ({
  page,
  browser,
}) => {
  test.slow();
  await signedInShopper(page, 'Tamuno Owner');
  await startFarm(page);
  await addAndStockPond(page);
  const farmUrl = new URL(page.url()).pathname.replace(/\/ponds$/, '');

  // The worker signs up first; the owner invites their e-mail.
  const workerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const workerPage = await workerContext.newPage();
  const worker = await signedInShopper(workerPage, 'Boma Worker');
  await page.getByRole('link', { name: 'Workers' }).click();
  await expectAccessible(page);
  await page.getByLabel('Invite a worker by e-mail or phone').fill(worker.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invited, not joined yet')).toBeVisible();

  // My farm offers the farm; the worker joins it with a tap, and it opens.
  await workerPage.goto('/farm');
  await expect(workerPage.getByRole('heading', { name: 'Farms inviting you' })).toBeVisible();
  await expectAccessible(workerPage);
  await workerPage.getByRole('button', { name: 'Join Okrika Fish Farm' }).click();
  await expect(workerPage.getByText('· worker')).toBeVisible();
  const pond = workerPage.getByRole('region', { name: 'Pond A' });
  await pond.getByRole('button', { name: 'Fed as planned' }).click();
  await expect(pond.getByText(/Fed .* today, as planned/)).toBeVisible();
  // No money on the cycle page; the owner's pages are refused.
  await pond.getByRole('link', { name: 'Pond A' }).click();
  await expect(workerPage.getByRole('heading', { level: 1, name: 'Pond A' })).toBeVisible();
  await expect(workerPage.getByText('Cost so far', { exact: true })).toHaveCount(0);
  await expect(workerPage.getByText('₦')).toHaveCount(0);
  await workerPage.goto(`${farmUrl}/ponds`);
  await expect(workerPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    workerPage.getByText("Only the farm's owner can see or change this: it holds the farm's money."),
  ).toBeVisible();
  await expectAccessible(workerPage);
  await workerContext.close();

  // The owner sees the worker's feeding in the book.
  await page.goto(farmUrl);
  await expect(
    page.getByRole('region', { name: 'Pond A' }).getByText(/Fed .* today, as planned/),
  ).toBeVisible();
});

/** A farmer with a stocked pond, on the day page once it is live. */
async function farmerOnTheDayPage(page: Page, name: string) {
  const farmer = await signedInShopper(page, name);
  await startFarm(page);
  await addAndStockPond(page);
  // Opened as a document, so all its scripts are on the phone before the signal goes.
  await page.goto(new URL(page.url()).pathname.replace(/\/ponds$/, ''));
  await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { farmer, dayUrl: new URL(page.url()).pathname, pond: page.getByRole('region', { name: 'Pond A' }) };
}

test('a day logged offline reads as saved at once, and is sent once when the connection comes back', async ({
  page,
  context,
}) => {
  test.slow();
  const { pond, dayUrl } = await farmerOnTheDayPage(page, 'Ngozi Offline');
  await context.setOffline(true);
  await pond.getByRole('button', { name: 'Fed as planned' }).click();
  await expect(pond.getByText('Fed 3.64 kg today, as planned')).toBeVisible();
  await pond.getByText('Record something else').click();
  await pond.getByLabel('How many').fill('4');
  await pond.getByRole('button', { name: 'Save deaths' }).click();
  await expect(pond.getByText('4 dead today')).toBeVisible();
  await expect(pond.getByTestId('pond-waiting')).toHaveText('2 entries on this phone, not sent yet');
  await expect(
    page.getByText('2 entries are saved on this phone, waiting for a connection to be sent.'),
  ).toBeVisible();
  await expectAccessible(page);

  await context.setOffline(false);
  await expect(page.getByTestId('waiting-lines')).toHaveCount(0);
  await expect(pond.getByTestId('pond-waiting')).toHaveCount(0);
  // The book has each line once: the page read from the server says so.
  await page.goto(dayUrl);
  await expect(pond.getByText('Fed 3.64 kg today, as planned')).toBeVisible();
  await expect(pond.getByText('4 dead today')).toBeVisible();
});

test('an entry is never lost: a closed tab, a restarted browser, a sign-out (asked first), storage refused', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const { farmer, pond, dayUrl } = await farmerOnTheDayPage(page, 'Ebi Never Lost');
  const fedToday = (p: Page) => p.getByRole('region', { name: 'Pond A' }).getByText(/^Fed .* today/);

  // A closed tab: written offline, the tab closed; a new tab online sends it.
  await context.setOffline(true);
  await pond.getByRole('button', { name: 'Fed as planned' }).click();
  await expect(fedToday(page)).toBeVisible();
  await page.close();
  await context.setOffline(false);
  const second = await context.newPage();
  await second.goto(dayUrl);
  // Live, the new tab finds the line on the phone and sends it; the book then has it.
  await second.waitForLoadState('networkidle');
  await expect(fedToday(second)).toHaveText('Fed 3.64 kg today, as planned');
  await expect(second.getByTestId('waiting-lines')).toHaveCount(0);
  await second.reload();
  await expect(fedToday(second)).toHaveText('Fed 3.64 kg today, as planned');

  // A restarted browser: what the phone kept comes back with it (its storage), and is sent.
  const sends = (p: Page) => p.route('**/api/farm/**', (route) => route.abort('internetdisconnected'));
  await sends(second);
  const secondPond = second.getByRole('region', { name: 'Pond A' });
  await secondPond.getByText('Record something else').click();
  await secondPond.getByLabel('How many').fill('3');
  await secondPond.getByRole('button', { name: 'Save deaths' }).click();
  await expect(secondPond.getByTestId('pond-waiting')).toBeVisible();
  const kept = await context.storageState();
  await context.close();
  const restarted = await browser.newContext({ storageState: kept, viewport: { width: 360, height: 740 } });
  const third = await restarted.newPage();
  await third.goto(dayUrl);
  await expect(third.getByRole('region', { name: 'Pond A' }).getByText('3 dead today')).toBeVisible();
  await expect(third.getByTestId('waiting-lines')).toHaveCount(0);

  // A sign-out with an entry not sent: asked first; kept either way, and sent at the next sign-in.
  await sends(third);
  const thirdPond = third.getByRole('region', { name: 'Pond A' });
  await thirdPond.getByText('Record something else').click();
  await thirdPond.getByLabel('Note').fill('Water looked green');
  await thirdPond.getByRole('button', { name: 'Save note' }).click();
  await expect(thirdPond.getByTestId('pond-waiting')).toBeVisible();
  const questions: string[] = [];
  third.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await third.getByRole('button', { name: 'Open menu' }).click();
  await third.getByRole('button', { name: 'Logout' }).click();
  expect(questions).toEqual([
    '1 farm book entry on this phone is not sent yet. Sign out anyway? They stay on this phone and are sent when you sign in here again.',
  ]);
  await expect(third).toHaveURL(dayUrl);
  third.once('dialog', (dialog) => void dialog.accept());
  await third.getByRole('button', { name: 'Logout' }).click();
  await expect(third).toHaveURL(/\/$/);
  await third.unroute('**/api/farm/**');
  await third.goto('/login');
  await logIn(third, farmer.email);
  await third.goto(dayUrl);
  await expect(third.getByTestId('waiting-lines')).toHaveCount(0);
  await restarted.close();

  // Storage refused (private mode, a full disk): said plainly, and the entry still goes.
  const refusing = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await refusing.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const fourth = await refusing.newPage();
  await fourth.goto('/login');
  await logIn(fourth, farmer.email);
  await expect(fourth).toHaveURL(/\/$/);
  await fourth.goto(dayUrl);
  await fourth.waitForLoadState('networkidle');
  await refusing.setOffline(true);
  const fourthPond = fourth.getByRole('region', { name: 'Pond A' });
  await fourthPond.getByText('Record something else').click();
  await fourthPond.getByLabel('How many').fill('2');
  await fourthPond.getByRole('button', { name: 'Save deaths' }).click();
  await expect(fourth.getByText(/This browser is not keeping entries/)).toBeVisible();
  await refusing.setOffline(false);
  await expect(fourth.getByTestId('waiting-lines')).toHaveCount(0);
  await fourth.reload();
  await expect(fourth.getByRole('region', { name: 'Pond A' }).getByText('5 dead today')).toBeVisible();
  await refusing.close();
});

test('the feed store: feed received lasts so many days, feeding costs what was paid, Order feed fills the cart', async ({
  page,
}) => {
  test.slow();
  const { pond, dayUrl } = await farmerOnTheDayPage(page, 'Kemi Feeds');
  const farmUrl = dayUrl;
  await page.goto(`${farmUrl}/feed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Feed store' })).toBeVisible();
  await page.getByLabel('Feed', { exact: true }).fill('Sinking 3 mm');
  await page.getByLabel('Pellet size (mm)').fill('3');
  await page.getByLabel('Bags').fill('2');
  await page.getByLabel('Price per bag (₦)').fill('19800');
  await page.getByRole('button', { name: 'Add to the store' }).click();
  // 2 bags of 15 kg; the pond needs 3.64 kg a day: 8 days.
  const size = page.getByRole('region', { name: '3 mm pellets: 30 kg left' });
  await expect(size.getByText("8 days at today's plan (3.64 kg a day) · paid ₦1,320/kg")).toBeVisible();
  await expectAccessible(page);

  // Fed as planned: 3.64 kg at ₦1,320/kg is ₦4,800 on top of the ₦150,000 of fingerlings.
  await page.goto(farmUrl);
  await page.waitForLoadState('networkidle');
  await pond.getByRole('button', { name: 'Fed as planned' }).click();
  await expect(page.getByTestId('waiting-lines')).toHaveCount(0);
  await pond.getByRole('link', { name: 'Pond A' }).click();
  await expect(page.getByRole('region', { name: 'Harvest forecast' }).getByText('₦154,800')).toBeVisible();

  // Order feed for 30 days: 109 kg needed, 26.36 kg left: 6 bags of the shop's 15 kg 3 mm feed.
  await page.goto(`${farmUrl}/feed`);
  await page.waitForLoadState('networkidle');
  const left = page.getByRole('region', { name: '3 mm pellets: 26.36 kg left' });
  await left.getByLabel('For the next').selectOption('30');
  // Nothing wider than the phone (the order button's long name wraps).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await left.getByRole('button', { name: 'Order feed: 6 bags of Tilapia Sinking Feed 3 mm (15 kg)' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-badge')).toHaveText('6');
});

test('the owner turns on reminders by WhatsApp from the day page; a choice without a number is refused beside it', async ({
  page,
}) => {
  const { dayUrl } = await farmerOnTheDayPage(page, 'Tamuno Reminders');
  await expect(page.getByText('Reminders on your phone are off.')).toBeVisible();
  await page.getByRole('link', { name: 'Turn on reminders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: /^WhatsApp/ }).check();
  await page.getByLabel('Phone number for the reminders').fill('');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Please give the phone number the reminders should go to.')).toBeVisible();
  await page.getByLabel('Phone number for the reminders').fill('0803 555 0142');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Your farm reminders come by WhatsApp.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto(dayUrl);
  await expect(page.getByText('Reminders come by WhatsApp.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change reminders' })).toBeVisible();
});

test.describe('with the shop installed on the phone', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a farm page opened once opens again at the pond with no signal; after signing out it does not', async ({
    page,
    context,
  }) => {
    test.slow();
    const { pond, dayUrl } = await farmerOnTheDayPage(page, 'Preye At The Pond');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 15_000,
    });
    // Opened under the worker, so the phone keeps it.
    await page.reload();
    await expect(pond.getByRole('button', { name: 'Fed as planned' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
    // The farm's page says what no signal means here (not the catalogue's "prices as of").
    await expect(
      page.getByText(
        'No connection: what you record is kept on this phone and sent when the signal comes back.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/prices as of/)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await pond.getByRole('button', { name: 'Fed as planned' }).click();
    await expect(pond.getByText('Fed 3.64 kg today, as planned')).toBeVisible();
    await expect(pond.getByTestId('pond-waiting')).toHaveText('1 entry on this phone, not sent yet');
    await context.setOffline(false);
    await expect(page.getByTestId('waiting-lines')).toHaveCount(0);

    // Signed out, the phone no longer opens the farm's page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.setOffline(true);
    await page.goto(dayUrl).catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toHaveCount(0);
    await context.setOffline(false);
  });
});
