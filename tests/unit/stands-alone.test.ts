import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone (issue 49): what its code and docs cite is in it. The product contract,
 * the design and the style are docs/spec.md, docs/design.md and docs/style.md ("spec §n", "DESIGN §n",
 * "STYLE §n"); the providers' facts are docs/providers.md. A path out of the repository fails here.
 */
const ROOT = join(import.meta.dirname, '../..');
const OUTSIDE = /(?:\.\.\/)+shared\/|\bshared\/(?:spec|reference)\/|marketplace-spec\.md/;

export function citesOutside(text: string): string | null {
  return OUTSIDE.exec(text)?.[0] ?? null;
}

describe('the repository stands alone', () => {
  it('finds a citation of a path outside the repository (the check can fail)', () => {
    // Spelt in pieces, so that this file does not cite them itself.
    const away = ['..', 'sha' + 'red'].join('/');
    expect(citesOutside(`The contract is ${away}/spec/market${'place'}-spec.md`)).not.toBeNull();
    expect(
      citesOutside(`// the amount as a string (${'sha'}red/${'reference'}/paystack.md §4)`),
    ).not.toBeNull();
    expect(citesOutside('// the spec §2 (docs/spec.md)')).toBeNull();
  });

  it('no tracked file cites one, and the documents that "spec §n", "DESIGN §n" and "STYLE §n" name exist', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|sh|json|css|yml|yaml)$/.test(file) || file === '.ci/run')
      .filter((file) => file !== 'package-lock.json');
    const found = files.flatMap((file) => {
      const cited = citesOutside(readFileSync(join(ROOT, file), 'utf8'));
      return cited ? [`${file}: ${cited}`] : [];
    });
    expect(found).toEqual([]);
    for (const doc of ['docs/spec.md', 'docs/design.md', 'docs/style.md', 'docs/providers.md'])
      expect(readFileSync(join(ROOT, doc), 'utf8').length).toBeGreaterThan(1000);
  });
});
