import { renameSync, writeFileSync } from 'node:fs';

/**
 * Written under another name and renamed into place: whoever reads the file (a mail program, a
 * script, the end-to-end tests in another process) sees a whole one or none, never half of one.
 */
export function writeWhole(file: string, data: string | Buffer): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}
