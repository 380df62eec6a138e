import { describe, expect, it } from 'vitest';
import { chatFirstLine, chatHref, chatPagePath, SHOP } from '#core/shop';

const ORIGIN = 'https://freshcatch.ng';
/** What WhatsApp types in for the buyer, read back from the link. */
const typedIn = (href: string) => new URL(href).searchParams.get('text');

describe("the WhatsApp chat's first line (issue 35, part 6)", () => {
  it('names the product and its link on a product page', () => {
    const line = chatFirstLine({ kind: 'product', name: 'Smoked Catfish', path: '/products/7' }, ORIGIN);
    expect(line).toBe("Hello FreshCatch, I'm asking about Smoked Catfish: https://freshcatch.ng/products/7");
  });

  it('names the order by its number on an order page, and the page by its link elsewhere', () => {
    expect(chatFirstLine({ kind: 'order', orderNumber: '7ef7b748' }, ORIGIN)).toBe(
      "Hello FreshCatch, I'm asking about my order #7ef7b748",
    );
    expect(chatFirstLine({ kind: 'page', path: '/products?category=4' }, ORIGIN)).toBe(
      "Hello FreshCatch, I'm asking about this page: https://freshcatch.ng/products?category=4",
    );
  });

  it('opens the shop’s chat with the line typed in, whatever it holds', () => {
    const line =
      "Hello FreshCatch, I'm asking about Crayfish & Ede (50% off?): https://freshcatch.ng/products/9#top";
    const href = chatHref(line);
    expect(href.startsWith(`${SHOP.whatsappHref}?text=`)).toBe(true);
    expect(typedIn(href)).toBe(line);
    expect(chatHref()).toBe(SHOP.whatsappHref);
  });

  it('never puts a secret of the address into the chat: only the path and what a list shows', () => {
    expect(chatPagePath('/reset-password', '?token=secret-reset-token')).toBe('/reset-password');
    expect(chatPagePath('/checkout/callback', '?reference=FC-123&trxref=FC-123')).toBe('/checkout/callback');
    expect(chatPagePath('/verify-email', '?email=ada%40example.ng')).toBe('/verify-email');
    expect(chatPagePath('/search', '?q=titus&token=x')).toBe('/search?q=titus');
    expect(chatPagePath('/products', '?category=4&page=2')).toBe('/products?category=4&page=2');
    expect(chatPagePath('/', '')).toBe('/');
  });
});
