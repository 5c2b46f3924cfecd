import type { Attachment } from '../../src/api/contract/risks';
import { equalInConstantTime, hmacSha256Hex } from './sha256';

/** How long a download address stays good: a risk page left open for a working day. */
const LINK_LIFE_SECONDS = 12 * 60 * 60;

export interface DownloadSigner {
  /** The attachment with a same-origin address this user can open as a plain link. */
  sign(attachment: Attachment, userId: number): Attachment;
  /** The user a signed address was made for, or null when it is forged or expired. */
  verify(attachmentId: number, query: Record<string, unknown>): number | null;
}

/**
 * A browser follows an attachment link without the JWT header, so the address carries a signature
 * (user, expiry) instead, as a storage backend's signed URL would; the user must still see the risk.
 */
export function createDownloadSigner(secret: string, now = () => Date.now()): DownloadSigner {
  const mac = (attachmentId: number, userId: number, expires: number) =>
    hmacSha256Hex(secret, `${attachmentId}:${userId}:${expires}`);
  return {
    sign(attachment, userId) {
      const expires = Math.floor(now() / 1000) + LINK_LIFE_SECONDS;
      const signature = mac(attachment.id, userId, expires);
      return {
        ...attachment,
        url: `/api/attachments/${attachment.id}/?user=${userId}&expires=${expires}&signature=${signature}`,
      };
    },
    verify(attachmentId, query) {
      const userId = Number(query.user);
      const expires = Number(query.expires);
      const signature = typeof query.signature === 'string' ? query.signature : '';
      if (!Number.isInteger(userId) || !Number.isInteger(expires)) return null;
      if (expires < Math.floor(now() / 1000)) return null;
      return equalInConstantTime(signature, mac(attachmentId, userId, expires)) ? userId : null;
    },
  };
}
