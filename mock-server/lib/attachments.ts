import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ATTACHMENT_EXTENSIONS } from '../../src/api/contract/risks';

/**
 * Attachment bytes live outside the JSON state: in memory for an in-memory app, in a folder
 * beside the data file otherwise. Uploads are numbered from UPLOAD_ID_BASE; the seed's attachments
 * (ids below it) are small real files generated from their names, so every download works.
 */
export const UPLOAD_ID_BASE = 10_000;

export interface AttachmentStore {
  put(id: number, bytes: Uint8Array): void;
  get(id: number): Uint8Array | undefined;
  /** Forgets every upload (a reset of the mock). */
  clear(): void;
}

export function createAttachmentStore(dataFile?: string): AttachmentStore {
  if (!dataFile) {
    const files = new Map<number, Uint8Array>();
    return {
      put: (id, bytes) => void files.set(id, bytes),
      get: (id) => files.get(id),
      clear: () => files.clear(),
    };
  }
  const folder = `${dataFile.replace(/\.json$/, '')}-attachments`;
  const pathOf = (id: number) => join(folder, String(id));
  return {
    put(id, bytes) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(pathOf(id), bytes);
    },
    get: (id) => (existsSync(pathOf(id)) ? readFileSync(pathOf(id)) : undefined),
    clear: () => rmSync(folder, { recursive: true, force: true }),
  };
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
};

export const extensionOf = (name: string) =>
  name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';

/** The content type the server answers for a file: from its checked extension, never the client. */
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream';

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Magic bytes by extension: a renamed file is refused as the real backend would. */
const SIGNATURES: Record<string, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  bmp: [0x42, 0x4d],
  doc: OLE2,
  xls: OLE2,
  ppt: OLE2,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  odt: ZIP,
  ods: ZIP,
  odp: ZIP,
  msg: OLE2,
};

/** An e-mail (.eml) is text: it opens on a header field ('From:', 'Received:', …). */
const EML_HEADER = /^[!-9;-~]+:[ \t]/;

/**
 * Spec §5: an extension the upload kind lists (the comment attachments' by default) whose content
 * starts with that type's magic bytes.
 */
export function contentMatches(
  name: string,
  bytes: Uint8Array,
  extensions: readonly string[] = ATTACHMENT_EXTENSIONS,
): boolean {
  const extension = extensionOf(name);
  if (!extensions.includes(extension)) return false;
  if (extension === 'eml')
    return EML_HEADER.test(new TextDecoder('latin1').decode(bytes.subarray(0, 998)));
  const signature = SIGNATURES[extension];
  return (
    signature !== undefined &&
    bytes.length >= signature.length &&
    signature.every((byte, index) => bytes[index] === byte)
  );
}

/** A small real file for a seed attachment: a one-page PDF or a PNG, by extension. */
export function fixtureFile(name: string): Buffer {
  return extensionOf(name) === 'png' ? png(name) : pdf(name);
}

function pdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 16×16 PNG in one colour taken from the name. */
function png(name: string): Buffer {
  const size = 16;
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const rgb = [hue % 256, (hue * 7) % 256, (hue * 13) % 256];
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from(SIGNATURES.png!),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
