import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's folder of built seeds, one JSON file per day (see mockBackend.ts). */
    seedShelf: string;
  }
}

/**
 * Vitest global setup of the unit run: a folder for the seeds the run builds. The first worker to
 * need the seed of a day builds it and leaves it there as JSON; another worker reads it (a parse,
 * ~0.1 s) instead of building it again (~1.5–2.5 s on a loaded machine). Removed after the run.
 */
export default function seedShelf({ provide }: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'pep-seeds-'));
  provide('seedShelf', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
