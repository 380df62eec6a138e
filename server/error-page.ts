import { SHOP } from '../core/shop';
import { escapeHtml } from '../core/text';

/**
 * The page a browser gets when a request fails before React Router can render one (a malformed
 * address, a body that is too large, the database away): the shop's name, colours and a way home,
 * in one small self-contained document, not an unstyled line of text.
 */
export function errorPageHtml(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(SHOP.name)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#fff;border-bottom:1px solid #e2e8f0;padding:16px 24px;font-weight:700;font-size:20px;color:#0e7490}
main{max-width:36rem;margin:0 auto;padding:96px 16px;text-align:center}
h1{font-size:24px;margin:0 0 12px}p{color:#334155;margin:0 0 24px}
a.button{display:inline-block;background:#0e7490;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600}
a.button:focus-visible{outline:2px solid #0e7490;outline-offset:2px}
</style></head>
<body><header>${escapeHtml(SHOP.name)}</header>
<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a class="button" href="/">Return to Home</a></main>
</body></html>`;
}
