const STOP_WORDS = new Set(
  'a an and are as at be before by for from has have in is it may not of on or the this to with'.split(
    ' ',
  ),
);

/** Lower-case word stems of a statement, without stop words. */
export function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(ing|ed|es|s)$/, '')),
  );
}

/** Cosine similarity of two statements' word sets, 0–1. */
export function similarity(a: string, b: string): number {
  const left = tokens(a);
  const right = tokens(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.sqrt(left.size * right.size);
}
