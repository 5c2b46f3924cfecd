import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, vi } from 'vitest';
import { useMockBackend } from './mockBackend';
import { onTheSeedClock } from './seedClock';

/**
 * Uploads that reach the mock backend whole. The app's `fetch` in a unit test is Node's, which
 * does not know jsdom's `File` and `FormData`: a jsdom file in a jsdom form goes out as a part
 * named 'blob' holding the text 'undefined', so the mock's upload rules (spec §5: name, type,
 * content) refuse it. `useNodeFiles()`, in a `beforeEach`, makes `File` and `FormData` Node's own
 * for the test (a test builds its files after it); `vi.unstubAllGlobals()` puts jsdom's back.
 */
export async function useNodeFiles(): Promise<void> {
  // Node's FormData, which jsdom's global hides: the one a Node Response reads a form into.
  const NodeFormData = (await new Response(new URLSearchParams()).formData())
    .constructor as typeof FormData;
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('FormData', NodeFormData);
}

/**
 * Every test of the calling file (or `describe`) on a fresh mock backend as `persona`, with `Date`
 * at `at` (onTheSeedClock, set before the sign-in so the tokens share its clock) and uploads that
 * reach the mock whole (useNodeFiles); the real clock and jsdom's files come back after each.
 */
export function eachTestOnTheMockWithFiles(persona: string, at: Date) {
  beforeEach(async () => {
    onTheSeedClock(at);
    await useMockBackend(persona);
    await useNodeFiles();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
