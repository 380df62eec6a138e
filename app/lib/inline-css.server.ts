// The whole stylesheet (Tailwind, ~6.5 KB gzip), inlined into the server's HTML so the first paint
// waits for nothing but the page itself: on a weak mobile link a separate stylesheet request queues
// behind the scripts. Only the server imports this, so no script carries it.
import css from '../app.css?inline';
import { precompress } from './gzip-document.server';

/**
 * What React renders in the page's <style> in place of the stylesheet. The bytes themselves are put in
 * its place as the head leaves the server (rewriteHead in script-priority.server.ts): one Buffer made
 * at start-up and sent by every page, instead of ~43 KB that React would encode, and the head's
 * rewriting copy and re-encode, four or five times per page. That garbage was a fifth of a busy
 * process's memory (docs/decisions/028).
 *
 * The slot holds a '<', which React escapes in every text and attribute it renders: a title or
 * description that quotes it (a search for it, say) can never take the stylesheet's place. Only this
 * <style> writes raw HTML in the head.
 */
export const INLINE_CSS_SLOT = '<!--fc:inline-css-->';

/** The stylesheet's bytes, and their deflate made once for every gzipped page (gzip-document.server.ts). */
export const inlineCss = precompress(Buffer.from(css));
