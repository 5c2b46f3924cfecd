import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryAttachmentStore, type AttachmentStore } from '../lib/attachments';

/**
 * Attachment bytes live outside the JSON state: in memory for an in-memory app, in a folder
 * beside the data file otherwise (node only; the browser keeps them in IndexedDB).
 */
export function createAttachmentStore(dataFile?: string): AttachmentStore {
  if (!dataFile) return memoryAttachmentStore();
  const folder = `${dataFile.replace(/\.json$/, '')}-attachments`;
  const pathOf = (id: number) => join(folder, String(id));
  return {
    put(id, bytes) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(pathOf(id), bytes);
    },
    get: (id) => (existsSync(pathOf(id)) ? readFileSync(pathOf(id)) : undefined),
    clear: () => rmSync(folder, { recursive: true, force: true }),
  };
}
