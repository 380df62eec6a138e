import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from '~/components/ui/email-address';

const html = (email: string) => renderToStaticMarkup(createElement(EmailAddress, { email }));

describe('an e-mail address in a narrow column', () => {
  it('may wrap after the @, and nowhere else of its own accord', () => {
    expect(html('amaka.okafor@example.com')).toBe('amaka.okafor@<wbr/>example.com');
    // The last @ separates the domain (a quoted local part may hold one).
    expect(html('"a@b"@example.ng')).toBe('&quot;a@b&quot;@<wbr/>example.ng');
  });

  it('is written as it is when it has no local part to break after', () => {
    expect(html('@example.com')).toBe('@example.com');
    expect(html('not-an-address')).toBe('not-an-address');
  });
});
