import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The source files below `dir` (.ts, .tsx, .mjs), migrations and node_modules aside: what the writers tests read. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'migrations' || name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}
