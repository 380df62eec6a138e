import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The integration files share a worker's module graph (vitest `isolate: false`, vitest.config.ts): what
 * one file changes of the process — a module mocked, a global stubbed, an environment variable set —
 * the next file in that worker would inherit. None may do it; this scan fails the one that does.
 */
const DIRS = ['tests/integration', 'tests/support'].map((dir) => join(import.meta.dirname, '../..', dir));
const PROCESS_CHANGES =
  /process\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env|Object\.assign\(\s*process\.env|vi\.(mock|doMock|stubEnv|stubGlobal|spyOn)\(|process\.chdir\(/;

export function processChanges(source: string): string | null {
  return PROCESS_CHANGES.exec(source)?.[0] ?? null;
}

describe('integration files leave the process as they found it', () => {
  it('finds what it looks for (the check can fail)', () => {
    expect(processChanges("process.env.PAGE_CACHE_SECONDS = '1';")).not.toBeNull();
    expect(processChanges("vi.mock('#core/mail/mailer')")).not.toBeNull();
    expect(processChanges('delete process.env.DATABASE_URL')).not.toBeNull();
    expect(processChanges("it.runIf(process.env.DATABASE_URL === 'x')")).toBeNull();
  });

  it('no integration test or its support changes the environment, mocks a module or stubs a global', () => {
    const found = DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .flatMap((name) => {
          const change = processChanges(readFileSync(join(dir, name), 'utf8'));
          return change ? [`${name}: ${change}`] : [];
        }),
    );
    expect(found).toEqual([]);
  });
});
