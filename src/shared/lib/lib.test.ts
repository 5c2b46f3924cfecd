import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSupportedBrowser } from './browser';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
};

describe('supported browsers (spec §1)', () => {
  it.each([
    ['chrome', true],
    ['edge', true],
    ['safari', true],
    ['headless', true],
    ['firefox', false],
    ['opera', false],
  ] as const)('%s → %s', (browser, supported) => {
    expect(isSupportedBrowser(UA[browser])).toBe(supported);
  });
});

describe('loadChunk (spec §9: 120 000 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with ChunkLoadError when the chunk has not loaded in time', async () => {
    vi.useFakeTimers();
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    await outcome;
  });

  it('turns a failed import into ChunkLoadError and passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      /Loading chunk failed: Failed to fetch/,
    );
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
