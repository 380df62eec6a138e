import { describe, expect, it } from 'vitest';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, HELD_SCRIPTS_SCRIPT } from '~/lib/held-scripts';

describe('the head script that lets a catalogue page’s held scripts go (decision 051)', () => {
  it('is plain script text the HTML parser leaves as it is', () => {
    const controls = [...HELD_SCRIPTS_SCRIPT].filter((c) => c < ' ' && c !== '\n' && c !== '\t');
    expect(controls).toEqual([]);
    expect(HELD_SCRIPTS_SCRIPT.toLowerCase()).not.toContain('</script');
    expect(() => new Function(HELD_SCRIPTS_SCRIPT)).not.toThrow();
  });

  it('looks for what the server holds, by the names the server writes', () => {
    expect(HELD_SCRIPTS_SCRIPT).toContain(`link[rel="${HELD_PRELOAD_REL}"]`);
    expect(HELD_SCRIPTS_SCRIPT).toContain(`script[type="${HELD_MODULE_TYPE}"]`);
  });
});
