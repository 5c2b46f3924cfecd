import { createTokenService } from '../auth/tokens';
import type { AreaServices } from '../lib/area';
import type { AttachmentStore } from '../lib/attachments';
import { createDownloadSigner } from '../lib/downloadSigner';
import type { MockDb } from '../store/db';

const DAY = 24 * 60 * 60;

/** The demo's JWT secret unless told otherwise: the mock signs nothing that matters. */
export const DEMO_JWT_SECRET = 'pep-mock-secret-not-for-production';

export interface ServiceOptions {
  db: MockDb;
  attachments: AttachmentStore;
  jwtSecret?: string;
  /** Access-token life in seconds (default 300, as simplejwt's default). */
  accessTtlSeconds?: number;
  volume?: AreaServices['volume'];
}

/** What every area is given, in every runtime (Express, the browser, the parity test). */
export function areaServices(options: ServiceOptions): AreaServices {
  const secret = options.jwtSecret ?? DEMO_JWT_SECRET;
  return {
    db: options.db,
    attachments: options.attachments,
    tokens: createTokenService({
      accessTtlSeconds: options.accessTtlSeconds ?? 300,
      refreshTtlSeconds: DAY,
      secret,
    }),
    signer: (name) => createDownloadSigner(`${secret}:${name}`),
    volume: options.volume ?? {},
  };
}
