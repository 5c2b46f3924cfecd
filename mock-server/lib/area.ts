import type { TokenService } from '../auth/tokens';
import type { DownloadSigner } from './downloadSigner';
import type { AttachmentStore } from './attachments';
import type { MockDb } from '../store/db';
import type { Route } from './routes';

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
}
