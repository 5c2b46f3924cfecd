// Minimal typings for json-server 0.17 and lowdb 1 as the mock server uses them.
declare module 'lowdb' {
  export interface LowdbAdapter<S> {
    read(): S;
    write(state: S): void;
  }
  export interface LowdbSync<S> {
    getState(): S;
    setState(state: S): LowdbSync<S>;
    write(): S;
    read(): LowdbSync<S>;
    get(path: string): { value(): unknown };
  }
  export default function low<S>(adapter: LowdbAdapter<S>): LowdbSync<S>;
}

declare module 'json-server' {
  import type { RequestHandler, Router, Request, Response } from 'express';
  import type { LowdbSync } from 'lowdb';
  export interface JsonServerRouter<S> extends Router {
    db: LowdbSync<S>;
    render: (req: Request, res: Response) => void;
  }
  const jsonServer: {
    router<S>(db: S | LowdbSync<S>, opts?: { foreignKeySuffix?: string }): JsonServerRouter<S>;
    defaults(opts?: Record<string, unknown>): RequestHandler[];
  };
  export default jsonServer;
}
