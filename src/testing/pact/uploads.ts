import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** The smallest PDF the mock's content check accepts (it starts with the PDF magic bytes). */
export const PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/**
 * Pact's `multipartBody` reads its file from disk: this writes each example file into a folder of
 * its own, removed once the calling `describe`'s tests have run. Call it in the `describe`.
 */
export function examplesFolder(prefix: string): (name: string, content: string) => string {
  const folder = mkdtempSync(join(tmpdir(), `pep-pact-${prefix}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return (name, content) => {
    const path = join(folder, name);
    writeFileSync(path, content, 'latin1');
    return path;
  };
}
