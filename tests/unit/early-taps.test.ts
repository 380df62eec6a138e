import { describe, expect, it } from 'vitest';
import { EARLY_TAP_SCRIPT } from '~/lib/early-taps';

describe('the head script that takes taps before the page is live (decision 049)', () => {
  it('is plain script text the HTML parser leaves as it is', () => {
    // A control character would be turned into U+FFFD by the parser, and "</script" would end it early.
    const controls = [...EARLY_TAP_SCRIPT].filter((c) => c < ' ' && c !== '\n' && c !== '\t');
    expect(controls).toEqual([]);
    expect(EARLY_TAP_SCRIPT.toLowerCase()).not.toContain('</script');
    expect(() => new Function(EARLY_TAP_SCRIPT)).not.toThrow();
  });

  it("carries the toasts' words with a stand-in for the product's name that it replaces", () => {
    expect(EARLY_TAP_SCRIPT).toContain('"title":"\\u0000 added to cart"');
    expect(EARLY_TAP_SCRIPT).toContain("t.split('\\u0000').join(n)");
  });
});
