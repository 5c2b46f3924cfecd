/** A supertest parser that keeps a download's bytes as they came: `.buffer(true).parse(binary)`. */
export function binary(res: unknown, done: (error: Error | null, body: Buffer) => void) {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
