import type { TokenService } from '../auth/tokens';
import type { DownloadSigner } from './downloadSigner';
import type { AttachmentStore } from './attachments';
import type { MockDb } from '../store/db';
import type { Route } from './routes';
import type { Persona } from '../auth/personas';
import type { MockState } from '../store/state';
import type { SeedPart } from './seed';

/** What the mock backend gives every area: its store, uploaded bytes, signers, options. */
export interface AreaServices {
  db: MockDb;
  /** Uploaded bytes, one store for every area, each in its own id range. */
  attachments: AttachmentStore;
  /** A signer of download links with a secret of its own, by name ('gen-ai-files'). */
  signer(name: string): DownloadSigner;
  tokens: TokenService;
  /** Volumes of the benches (see MockAppOptions). */
  volume: { risks?: number; projects?: number; accounts?: number };
}

/**
 * An area of the mock backend, as the SPA has one feature folder per area: the routes it answers,
 * written with framework-neutral handlers.
 */
export interface Area {
  /** The SPA's feature folder it serves (`src/features/…`). */
  feature: string;
  routes(services: AreaServices): Route[];
  /** Its collections of the store, as the seed builds them (lib/seed.ts). */
  seed?: readonly SeedPart[];
  /**
   * Read-only lists that json-server answers where it can run (the Express app), these routes
   * being its framework-neutral twin elsewhere: the collections and the caller's view of them.
   */
  jsonServer?: {
    resources: readonly (keyof MockState)[];
    view(state: MockState, persona: Persona): Partial<MockState>;
  };
}
