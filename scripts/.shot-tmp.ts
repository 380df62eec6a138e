import { chromium } from 'playwright-core';
const [url, file, cookie, width] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width ?? 360), height: 740 } });
if (cookie) {
  const [name, ...rest] = cookie.split('=');
  await context.addCookies([{ name: name!, value: rest.join('='), url }]);
}
const page = await context.newPage();
const response = await page.goto(url!, { waitUntil: 'networkidle' });
console.log(response?.status());
await page.screenshot({ path: file! });
await browser.close();
