import type { Request, RequestHandler, Response } from 'express';
import type { NeutralEdge, RawRequest, RawResponse } from '../runtime/edge';
import { MAX_UPLOAD_REQUEST_BYTES } from './routes';

/**
 * The Express adapter: the neutral DRF edge (runtime/edge.ts) mounted as one middleware. An
 * Express request becomes the edge's raw request, the edge's raw answer becomes the Express
 * response; every check and every handler is the edge's, as in the browser's runtime.
 */
export function expressEdge(edge: NeutralEdge): RequestHandler {
  return async (req, res, next) => {
    try {
      const read = bodyReader(req);
      const answer = await edge.handle(rawRequestOf(req, read));
      if (answer.networkError) {
        req.socket.destroy();
        return;
      }
      // A body read in part (too large) is not drained: the connection closes.
      if (read?.cut()) res.set('Connection', 'close');
      if (answer.delegated) {
        // An area Express answers itself (json-server): after the edge, for this user.
        res.set(answer.headers);
        res.locals.auth = answer.delegated.auth;
        next();
        return;
      }
      send(res, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** The request as the edge reads it; its body only when the edge asks for it. */
function rawRequestOf(req: Request, read: BodyReader | undefined): RawRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    method: req.method,
    url: `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`,
    headers,
    body: read?.bytes,
  };
}

interface BodyReader {
  bytes(): Promise<Uint8Array>;
  /** Whether it was read in part only (larger than any route takes). */
  cut(): boolean;
}

/**
 * Reads the body once, when asked, and no further than the largest body any route takes (one
 * byte more, for the edge to refuse it). None without a declared length or a chunked body.
 */
function bodyReader(req: Request): BodyReader | undefined {
  if (!(Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding'))) return;
  let reading: Promise<Uint8Array> | undefined;
  let cut = false;
  const bytes = () =>
    (reading ??= new Promise<Uint8Array>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        req.off('data', onData).off('end', finish).off('error', reject);
        resolve(Buffer.concat(chunks));
      };
      const onData = (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > MAX_UPLOAD_REQUEST_BYTES) {
          req.pause();
          cut = true;
          finish();
        }
      };
      req.on('data', onData).on('end', finish).on('error', reject);
    }));
  return { bytes, cut: () => cut };
}

/** The edge's answer, written as it is (no charset, ETag or body Express would add). */
function send(res: Response, answer: RawResponse): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (answer.setCookies.length > 0) res.append('Set-Cookie', answer.setCookies);
  if (answer.body === undefined) {
    res.end();
    return;
  }
  const bytes =
    typeof answer.body === 'string'
      ? Buffer.from(answer.body, 'utf8')
      : Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}
