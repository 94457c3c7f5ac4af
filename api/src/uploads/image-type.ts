/** An image format the API accepts, recognised by its first bytes (never by file name or Content-Type). */
export interface ImageType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  /** the extension stored files get, without the dot */
  extension: 'jpg' | 'png' | 'webp' | 'gif';
}

/** How many leading bytes detectImageType needs to decide (WebP is the longest signature). */
export const IMAGE_SIGNATURE_BYTES = 12;

const ascii = (text: string) => Buffer.from(text, 'latin1');

const startsWith = (head: Buffer, signature: Buffer, offset = 0) =>
  head.length >= offset + signature.length && head.subarray(offset, offset + signature.length).equals(signature);

const FORMATS: { type: ImageType; matches: (head: Buffer) => boolean }[] = [
  // SOI marker followed by the first segment's marker
  { type: { contentType: 'image/jpeg', extension: 'jpg' }, matches: (head) => startsWith(head, Buffer.from([0xff, 0xd8, 0xff])) },
  {
    type: { contentType: 'image/png', extension: 'png' },
    matches: (head) => startsWith(head, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  // a RIFF container (4 bytes of length after the tag) whose form type is WEBP
  { type: { contentType: 'image/webp', extension: 'webp' }, matches: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8) },
  { type: { contentType: 'image/gif', extension: 'gif' }, matches: (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')) },
];

/** The image format of a file from its first IMAGE_SIGNATURE_BYTES bytes, or null if it is none we accept. */
export function detectImageType(head: Buffer): ImageType | null {
  return FORMATS.find((format) => format.matches(head))?.type ?? null;
}

/** Every extension stored files can have. */
export const IMAGE_EXTENSIONS = FORMATS.map((format) => format.type.extension);
