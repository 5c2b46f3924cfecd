/** Spec §9: a route chunk that has not loaded within 120 000 ms counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a lazy module, failing with ChunkLoadError on a timeout or a failed fetch. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const message = error instanceof Error ? error.message : String(error);
        reject(new ChunkLoadError(`Loading chunk failed: ${message}`));
      },
    );
  });
}
