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

/** Uploaded bytes in memory (tests, and the browser's store behind its IndexedDB copy). */
export function memoryAttachmentStore(): AttachmentStore {
  const files = new Map<number, Uint8Array>();
  return {
    put: (id, bytes) => void files.set(id, bytes),
    get: (id) => files.get(id),
    clear: () => files.clear(),
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
export function fixtureFile(name: string): Uint8Array {
  return extensionOf(name) === 'png' ? png(name) : pdf(name);
}

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

const concat = (parts: readonly Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const uint32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0);
  return out;
};

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** zlib's format with one stored (uncompressed) deflate block: no zlib needed to write it. */
function zlibStored(data: Uint8Array): Uint8Array {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const length = data.length;
  return concat([
    Uint8Array.from([
      0x78,
      0x01,
      0x01,
      length & 0xff,
      length >> 8,
      ~length & 0xff,
      (~length >> 8) & 0xff,
    ]),
    data,
    uint32(((b << 16) | a) >>> 0),
  ]);
}

function pdf(title: string): Uint8Array {
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
  return latin1(body);
}

/** A 16×16 PNG in one colour taken from the name. */
function png(name: string): Uint8Array {
  const size = 16;
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const rgb = [hue % 256, (hue * 7) % 256, (hue * 13) % 256];
  const row = [0, ...Array.from({ length: size }, () => rgb).flat()];
  const chunk = (type: string, data: Uint8Array) => {
    const typed = concat([latin1(type), data]);
    return concat([uint32(data.length), typed, uint32(crc32(typed))]);
  };
  const header = concat([uint32(size), uint32(size), Uint8Array.from([8, 2, 0, 0, 0])]);
  return concat([
    Uint8Array.from(SIGNATURES.png!),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(Uint8Array.from(Array.from({ length: size }, () => row).flat()))),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
