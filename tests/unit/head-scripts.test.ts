import { describe, expect, it } from 'vitest';
import { EARLY_TAP_SCRIPT } from '~/lib/early-taps';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, HELD_SCRIPTS_SCRIPT } from '~/lib/held-scripts';

describe('the scripts the server writes into <head> (decisions 049 and 051)', () => {
  it.each([
    ['early-tap', EARLY_TAP_SCRIPT],
    ['held-scripts', HELD_SCRIPTS_SCRIPT],
  ])('the %s script is plain script text the HTML parser leaves as it is', (_, script) => {
    // A control character would be turned into U+FFFD by the parser, and "</script" would end it early.
    const controls = [...script].filter((c) => c < ' ' && c !== '\n' && c !== '\t');
    expect(controls).toEqual([]);
    expect(script.toLowerCase()).not.toContain('</script');
    expect(() => new Function(script)).not.toThrow();
  });

  it("the early-tap script carries the toasts' words with a stand-in for the product's name that it replaces", () => {
    expect(EARLY_TAP_SCRIPT).toContain('"title":"\\u0000 added to cart"');
    expect(EARLY_TAP_SCRIPT).toContain("t.split('\\u0000').join(n)");
  });

  it('the held-scripts script looks for what the server holds, by the names the server writes', () => {
    expect(HELD_SCRIPTS_SCRIPT).toContain(`link[rel="${HELD_PRELOAD_REL}"]`);
    expect(HELD_SCRIPTS_SCRIPT).toContain(`script[type="${HELD_MODULE_TYPE}"]`);
  });
});
