import { renameSync, writeFileSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Written under another name and renamed into place: whoever reads the file (a mail program, a
 * script, the end-to-end tests in another process) sees a whole one or none, never half of one.
 */
export function writeWhole(file: string, data: string | Buffer): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}

/**
 * Deletes the files directly in `dir` (not its folders) whose names `ours` accepts and which were last
 * written before `before`. A missing folder has nothing to delete, and a file another process deleted
 * first is not an error. Returns how many this call deleted.
 */
export async function deleteFilesWrittenBefore(
  dir: string,
  before: Date,
  ours: (name: string) => boolean,
): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !ours(entry.name)) continue;
    const file = path.join(dir, entry.name);
    try {
      if ((await stat(file)).mtime >= before) continue;
      await unlink(file);
      deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}
