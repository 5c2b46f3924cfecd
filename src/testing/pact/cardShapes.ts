import { MatchersV3 } from '@pact-foundation/pact';
import { dateTime } from './drfShapes';
import { personShape } from './pollShapes';

/**
 * Answer shapes the project card's tabs share (Gen AI approvals, agreements, metrics approvals,
 * approvals, ISO 9001): a file the card keeps, with its signed download address.
 */
const { integer, regex, string } = MatchersV3;

/**
 * A stored file of the card (`ProjectFile`): its id, name, size, upload and a same-origin download
 * address under `downloads` (`/api/gen-ai-files`) signed for the caller, as the contract
 * documents it (`?user=&expires=&signature=`, whatever the signature's algorithm).
 */
export const cardFileShape = (downloads: string, fileName: string) => ({
  id: integer(7_000_001),
  file_name: string(fileName),
  size: integer(48_213),
  uploaded_at: dateTime('2026-11-20T09:00:00.000Z'),
  uploaded_by: personShape(2, 'Priya Nair', 'pnair'),
  url: regex(
    `^${downloads}/\\d+/\\?user=\\d+&expires=\\d+&signature=[^&]+$`,
    `${downloads}/7000001/?user=1&expires=1893456000&signature=${'a'.repeat(64)}`,
  ),
});

/** The headers of a file downloaded as an attachment. */
export const attachmentHeaders = (contentType: string, fileName: string) => ({
  'Content-Type': regex(`^${contentType}(;.*)?$`, contentType),
  'Content-Disposition': regex('^attachment; filename=.+$', `attachment; filename="${fileName}"`),
});
