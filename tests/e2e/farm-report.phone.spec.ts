import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { signedInShopper } from './support/shopping';
import { expect, expectAccessible, test } from './support/fixtures';

// The cycle report (issue 50 §5) on a 360 px phone: a farmer stocks a pond, logs a day and weighs a
// sample, opens the report they would show a bank, prints it and downloads its CSV; a worker on the
// farm is refused both (it holds the farm's money).

async function stockedPond(page: Page) {
  await page.goto('/farm');
  await expect(page.getByRole('heading', { level: 1, name: 'My farm' })).toBeVisible();
  await page.getByLabel('Farm name').fill('Ibiso Farm, Okrika');
  await page.getByLabel('State').selectOption('Rivers');
  await page.getByLabel('Town').fill('Okrika');
  await page.getByRole('button', { name: 'Start the farm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ponds' })).toBeVisible();
  await page.getByLabel('Pond name').fill('Pond A');
  await page.getByLabel('Area (m²)').fill('48');
  await page.getByLabel('Depth (m)').fill('1.2');
  await page.getByRole('button', { name: 'Add the pond' }).click();
  await expect(page.getByRole('listitem').getByText('Pond A', { exact: true })).toBeVisible();
  await page.getByLabel('Number of fish').fill('1000');
  await page.getByLabel('Average weight (g)').fill('90');
  await page.getByLabel('Where from (hatchery)').fill('Ade "Big" Hatchery, Ibadan');
  await page.getByLabel('What they cost (₦)').fill('150000');
  await page.getByRole('button', { name: 'Stock the pond' }).click();
  await expect(page.getByRole('link', { name: 'Stocked: open its cycle' })).toBeVisible();
  const farmUrl = new URL(page.url()).pathname.replace(/\/ponds$/, '');

  // The day: fed as planned (1,000 fish of 90 g: 3.64 kg), 4 dead.
  await page.getByRole('link', { name: 'Today' }).click();
  const pond = page.getByRole('region', { name: 'Pond A' });
  await pond.getByRole('button', { name: 'Fed as planned' }).click();
  await expect(pond.getByText('Fed 3.64 kg today, as planned')).toBeVisible();
  await pond.getByText('Record something else').click();
  await pond.getByLabel('How many').fill('4');
  await pond.getByRole('button', { name: 'Save deaths' }).click();
  await expect(pond.getByText('4 dead today')).toBeVisible();

  // A sample: 100 fish weigh 13 kg, 130 g each.
  await pond.getByRole('link', { name: 'Pond A' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pond A' })).toBeVisible();
  await page.getByLabel('Fish weighed').fill('100');
  await page.getByLabel('Their total weight (kg)').fill('13');
  await page.getByRole('button', { name: 'Save sample' }).click();
  await expect(page.getByRole('cell', { name: '130 g' })).toBeAttached();
  return { farmUrl, cycleUrl: new URL(page.url()).pathname };
}

/** The CSV's section under `title`: its columns' names and rows, to the next blank row. */
function sectionOf(rows: string[][], title: string): string[][] {
  const at = rows.findIndex((row) => row.length === 1 && row[0] === title);
  expect(at, `section ${title}`).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, i) => i > at && row.every((cell) => cell === ''));
  return rows.slice(at + 1, end === -1 ? undefined : end);
}

test('the owner opens the cycle report, prints it and downloads its CSV; a worker is refused both', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signedInShopper(page, 'Ibiso Farmer');
  const { farmUrl, cycleUrl } = await stockedPond(page);
  const cycleId = cycleUrl.split('/').at(-1)!;

  await page.getByRole('link', { name: 'Cycle report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pond A, Ibiso Farm, Okrika' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  const stocking = page.getByRole('region', { name: 'Stocking' });
  await expect(stocking.getByText('Ade "Big" Hatchery, Ibadan')).toBeVisible();
  await expect(stocking.getByText('₦150,000')).toBeVisible();
  const weeks = page.getByRole('table', { name: 'Feed and deaths by week from stocking' });
  await expect(weeks.getByRole('row').nth(1)).toContainText('3.64 kg');
  await expect(weeks.getByRole('row').nth(1)).toContainText('4');
  const samples = page.getByRole('table', { name: 'Samples against the plan' });
  await expect(samples.getByRole('cell', { name: '130 g' })).toBeVisible();
  await expect(samples.getByRole('cell', { name: '90 g' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'The book' }).getByText('996', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('3.64 kg of feed had no price in the feed store')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Harvest forecast' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cycle-report-360.png'), fullPage: true });

  // On paper: the report alone, without the shop's header, footer, farm tabs or the page's buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner').first()).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Farm' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Pond A, Ibiso Farm, Okrika' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cycle-report-print-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('cycle-report-print-1280.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({ path: testInfo.outputPath('cycle-report-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });

  // The CSV: a file named after the farm, the pond and the cycle, with the report's rows.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`ibiso-farm-okrika-pond-a-cycle-${cycleId}.csv`);
  const rows = parse(await readFile((await download.path())!, 'utf8'), {
    bom: true,
    relaxColumnCount: true,
  }) as string[][];
  expect(rows[0]).toEqual(['FreshCatch cycle report']);
  expect(rows).toContainEqual(['Farm', 'Ibiso Farm, Okrika']);
  expect(rows).toContainEqual(['Pond', 'Pond A']);
  const stocked = sectionOf(rows, 'Stocking');
  expect(stocked[0]).toEqual(['Date', 'Species', 'Fish', 'Average weight (g)', 'Where from', 'Cost (NGN)']);
  expect(stocked[1]!.slice(1)).toEqual([
    'African catfish',
    '1000',
    '90',
    'Ade "Big" Hatchery, Ibadan',
    '150000.00',
  ]);
  const byWeek = sectionOf(rows, 'Feed and deaths by week');
  expect(byWeek[1]!.slice(3)).toEqual(['3.64', '4']);
  expect(byWeek.at(-1)).toEqual(['Total', '', '', '3.64', '4']);
  expect(sectionOf(rows, 'Samples')[1]!.slice(1)).toEqual(['100', '130', '90']);
  expect(sectionOf(rows, 'The book')).toContainEqual(['Fish alive', '996', 'fish']);
  const costs = sectionOf(rows, 'Costs');
  expect(costs).toContainEqual(['Fingerlings', '150000.00']);
  expect(costs).toContainEqual(['Total', '150000.00']);
  expect(costs).toContainEqual(['Feed with no price in the feed store (kg, not in the cost)', '3.64']);
  expect(sectionOf(rows, 'Harvests')).toEqual([['Date', 'Fish', 'Weight (kg)', 'Partial or final']]);
  expect(rows.some((row) => row[0] === 'Harvest forecast')).toBe(true);

  // A worker on the farm: no link to the report, and the page and the CSV are refused (403).
  const workerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const workerPage = await workerContext.newPage();
  const worker = await signedInShopper(workerPage, 'Boma Worker');
  await page.goto(`${farmUrl}/workers`);
  await page.getByLabel('Invite a worker by e-mail or phone').fill(worker.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invited, not joined yet')).toBeVisible();
  await workerPage.goto('/farm');
  await workerPage.getByRole('button', { name: 'Join Ibiso Farm, Okrika' }).click();
  await expect(workerPage.getByText('· worker')).toBeVisible();
  await workerPage.goto(cycleUrl);
  await expect(workerPage.getByRole('heading', { level: 1, name: 'Pond A' })).toBeVisible();
  await expect(workerPage.getByRole('link', { name: 'Cycle report' })).toHaveCount(0);
  const refusedPage = await workerPage.request.get(`${cycleUrl}/report`);
  expect(refusedPage.status()).toBe(403);
  const refusedCsv = await workerPage.request.get(`${cycleUrl}/report.csv`);
  expect(refusedCsv.status()).toBe(403);
  expect(refusedCsv.headers()['content-disposition']).toBeUndefined();
  expect(await refusedCsv.text()).not.toContain('150000');
  await workerPage.goto(`${cycleUrl}/report`);
  await expect(workerPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(workerPage.getByText('₦')).toHaveCount(0);
  await expectAccessible(workerPage);
  await workerContext.close();
});
