import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a file so that a reader (or a kill mid-write) only ever sees the old or the new
 * content: write a sibling temp file, fsync it, rename it over the target. A write that fails
 * removes its temp file.
 */
export function writeFileAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(temp, 'w');
    try {
      // writeFileSync loops until every byte is written; a bare writeSync may write only part.
      writeFileSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
