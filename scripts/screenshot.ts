/**
 * Looks at pages as a customer would: `tsx scripts/screenshot.ts http://localhost:3000/ [more urls]`
 * writes full-page PNGs at 360 px (phone) and 1280 px (desktop) into ./screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/support/shop';

const urls = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? '360,1280').split(',').map(Number);
mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const url of urls) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 760 : 900 } });
    await page.goto(url, { waitUntil: 'networkidle' });
    const name = new URL(url).pathname.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
    const file = `screenshots/${name}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file);
    await page.close();
  }
}
await browser.close();
