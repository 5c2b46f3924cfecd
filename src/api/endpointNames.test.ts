import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(__dirname, '..', 'features');
/** `    getReport: build.query<` — an endpoint as `injectEndpoints` declares it. */
const ENDPOINT = /^\s+(\w+): build\.(?:query|mutation|infiniteQuery)\b/gm;

/**
 * Every feature injects its endpoints into the one base API. A name injected twice is not an
 * error at run time: RTK Query keeps the first and silently drops the second, so a screen calls
 * another feature's URL (the reports' `getReport` once called the survey's report). Names must
 * be unique across the features.
 */
describe('endpoint names', () => {
  it('are unique across every feature', () => {
    const owners = new Map<string, string[]>();
    for (const file of sourceFiles(FEATURES)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(ENDPOINT)) {
        owners.set(name!, [...(owners.get(name!) ?? []), relative(FEATURES, file)]);
      }
    }
    expect(owners.size).toBeGreaterThan(100);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
