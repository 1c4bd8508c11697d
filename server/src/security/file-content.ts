import { imageSize } from 'image-size';

/**
 * What an uploaded file is, read from its bytes and never from its name or declared type. An
 * image is accepted only when it is whole and nothing else: its magic bytes, dimensions that
 * decode (image-size), its structure walked to its end marker (JPEG EOI, PNG IEND) with nothing
 * after it, and no markup in the parts a browser could read as text (metadata, comments,
 * trailers). That refuses SVG and HTML renamed as images and polyglots (a PNG or JPEG with a page
 * or a script inside or appended), which a browser that sniffs could run.
 */
export type ContentType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/tiff';

/** What the content claims to be, by its first bytes only: PDF, JPEG, PNG or TIFF; null for anything else. */
export function contentType(data: Uint8Array): ContentType | null {
  const starts = (...bytes: number[]) => data.length >= bytes.length && bytes.every((b, i) => data[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  return null;
}

/** What image-size calls each image type. */
const SIZE_TYPE: Partial<Record<ContentType, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/tiff': 'tiff' };

/** Markup a browser acts on, lower case: found in an image, it makes the file a polyglot. */
const MARKUP = ['<script', '<svg', '<html', '<body', '<iframe', '<object', '<embed', '<!doctype', '<?xml-stylesheet', '<img', '<a href', 'javascript:', 'onload=', 'onerror=', 'onbegin='].map((token) => Buffer.from(token, 'latin1'));
/**
 * The tokens long enough (6 bytes and more) not to turn up by chance in compressed pixels: those
 * are what pixel data is searched for (a script or an event handler still needs one of them).
 */
const LONG_MARKUP = MARKUP.filter((token) => token.length >= 6);

/** Each byte in lower case (ASCII letters only). */
const LOWER = Uint8Array.from({ length: 256 }, (_, b) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b));
/** The bytes a token starts with, in either case: every other byte is passed over at once. */
const FIRST = new Uint8Array(256);
for (const token of MARKUP) for (const b of [token[0]!, token[0]! & ~0x20]) FIRST[b] = 1;

/** Whether `data[from, to)` holds one of `tokens`, in any letter case. */
export function hasMarkup(data: Uint8Array, from = 0, to = data.length, tokens: readonly Buffer[] = MARKUP): boolean {
  for (let i = from; i < to; i++) {
    if (FIRST[data[i]!] === 0) continue;
    next: for (const token of tokens) {
      if (i + token.length > to) continue;
      for (let k = 0; k < token.length; k++) if (LOWER[data[i + k]!] !== token[k]) continue next;
      return true;
    }
  }
  return false;
}

/** Bytes after an image's end marker that are only padding (zeros or 0xFF fill), which some writers leave. */
const onlyPadding = (data: Uint8Array, from: number) => data.subarray(from).every((b) => b === 0x00 || b === 0xff);

const u16 = (data: Uint8Array, at: number) => (data[at]! << 8) | data[at + 1]!;
const u32 = (data: Uint8Array, at: number) => ((data[at]! << 24) >>> 0) + (data[at + 1]! << 16) + (data[at + 2]! << 8) + data[at + 3]!;

/**
 * A JPEG walked segment by segment from SOI to EOI: every segment's length inside the file, the
 * entropy-coded data of each scan skipped to the next marker, no markup in any segment's payload
 * (APPn, COM…), nothing after EOI but padding.
 */
function wholeJpeg(data: Uint8Array): boolean {
  let at = 2;
  while (at < data.length) {
    if (data[at] !== 0xff) return false;
    // Fill bytes before a marker.
    while (data[at + 1] === 0xff) at++;
    const marker = data[at + 1];
    if (marker === undefined) return false;
    if (marker === 0xd9) return onlyPadding(data, at + 2);
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (at + 4 > data.length) return false;
    const length = u16(data, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > data.length) return false;
    if (hasMarkup(data, at + 4, end)) return false;
    at = end;
    if (marker !== 0xda) continue;
    // Start of scan: entropy-coded data runs to the next marker (0xFF not followed by 0x00 or a restart).
    const scan = at;
    while (at < data.length - 1 && !(data[at] === 0xff && data[at + 1] !== 0x00 && !(data[at + 1]! >= 0xd0 && data[at + 1]! <= 0xd7))) at++;
    if (at >= data.length - 1 || hasMarkup(data, scan, at, LONG_MARKUP)) return false;
  }
  return false;
}

/** A PNG walked chunk by chunk from IHDR to IEND: lengths inside the file, no markup outside image data, nothing after IEND. */
function wholePng(data: Uint8Array): boolean {
  let at = 8;
  let first = true;
  while (at + 12 <= data.length) {
    const length = u32(data, at);
    const type = String.fromCharCode(...data.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > data.length) return false;
    if (first && type !== 'IHDR') return false;
    first = false;
    if (type === 'IEND') return end === data.length;
    // Image data is compressed pixels; every other chunk (text, metadata, private ones) is text to a sniffing browser.
    if (hasMarkup(data, at + 8, at + 8 + length, type === 'IDAT' || type === 'fdAT' ? LONG_MARKUP : MARKUP)) return false;
    at = end;
  }
  return false;
}

/** Width and height of the image as image-size decodes them, when its type is the one the magic bytes named. */
function decodes(data: Uint8Array, type: ContentType): boolean {
  try {
    const size = imageSize(data);
    return size.type === SIZE_TYPE[type] && (size.width ?? 0) >= 1 && (size.height ?? 0) >= 1;
  } catch {
    return false;
  }
}

/**
 * The type of the file when its bytes show it is one of `accepted`, whole; null otherwise (empty,
 * another type, truncated, not decodable, a polyglot). JPEG and PNG: magic, dimensions and
 * structure; TIFF (no end marker): magic, dimensions and no script anywhere; PDF: its `%PDF-` magic.
 */
export function acceptedContent(data: Uint8Array, accepted: readonly ContentType[]): ContentType | null {
  const type = contentType(data);
  if (!type || !accepted.includes(type)) return null;
  if (type === 'application/pdf') return type;
  if (!decodes(data, type)) return null;
  if (type === 'image/jpeg') return wholeJpeg(data) ? type : null;
  if (type === 'image/png') return wholePng(data) ? type : null;
  return hasMarkup(data, 0, data.length, LONG_MARKUP) ? null : type;
}

/** What an upload action accepts: the types its bytes may show, the size, and its form's own messages. */
export interface FileRules {
  types: readonly ContentType[];
  maxBytes: number;
  messages: { badFormat: string; tooLarge: string };
}

/** A file as the renderer sends it: a base64 data URL (any declared type and name: the bytes decide). */
const DATA_URL = /^data:[^,]{0,300};base64,([A-Za-z0-9+/]*={0,2})$/;

/** Every string in a field's value (a file, a list of files, or files inside an object), a few levels down. */
function stringsIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap((v) => stringsIn(v, depth + 1));
}

/** The problem of one file (data URL) under `rules`, or null when its bytes are a whole file of one of its types. */
export function fileProblem(text: string, rules: FileRules): string | null {
  const m = DATA_URL.exec(text);
  if (!m) return rules.messages.badFormat;
  const base64 = m[1]!;
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=*$/)![0].length) > rules.maxBytes) return rules.messages.tooLarge;
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0) return rules.messages.badFormat;
  return acceptedContent(data, rules.types) ? null : rules.messages.badFormat;
}

/**
 * The files of a request body checked before anything else reads it: every value that is a data
 * URL (`data:…`) must be a whole file of `rules` (its bytes, not its declared type). The problems
 * by top-level field (the form's field), or null when there are none.
 */
export function uploadProblems(body: unknown, rules: FileRules): Record<string, string> | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    for (const text of stringsIn(value)) {
      if (!/^data:/i.test(text)) continue;
      const problem = fileProblem(text, rules);
      if (problem) {
        errors[field] = problem;
        break;
      }
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
