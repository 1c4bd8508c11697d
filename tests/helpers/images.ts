import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, decodable files for upload tests, made here byte by byte: a 1×1 grey baseline JPEG, an
 * RGB PNG, a TIFF and a PDF, each padded (in a comment or text part) to an exact size when asked.
 */

/** A 1×1 baseline JPEG: quantisation table, frame, one-code Huffman tables, a scan of one block. */
const JPEG_BODY = Buffer.concat([
  Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
  Buffer.from([0xff, 0xc4, 0x00, 0x14, 0x00, 0x01]),
  Buffer.alloc(16),
  Buffer.from([0xff, 0xc4, 0x00, 0x14, 0x10, 0x01]),
  Buffer.alloc(16),
  Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
  // DC difference 0, then end of block: bits 00, padded with ones.
  Buffer.from([0x3f]),
]);
const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

/** Comment segments (FF FE) carrying `size` bytes in all, each at most 65 537 bytes. */
function jpegComments(size: number, fill: number): Buffer[] {
  const segments: Buffer[] = [];
  let left = size;
  while (left > 0) {
    if (left < 5) throw new Error(`cannot pad a JPEG by ${left} bytes`);
    // Leave either nothing or at least one small segment for the next round.
    let payload = Math.min(65_533, left - 4);
    if (left - 4 - payload > 0 && left - 4 - payload < 5) payload -= 5;
    segments.push(Buffer.concat([Buffer.from([0xff, 0xfe, (payload + 2) >> 8, (payload + 2) & 0xff]), Buffer.alloc(payload, fill)]));
    left -= payload + 4;
  }
  return segments;
}

/** A valid 1×1 JPEG of exactly `bytes` bytes (its smallest size when not given). */
export function jpeg(bytes = 0, fill = 0x20): Buffer {
  const base = SOI.length + JPEG_BODY.length + EOI.length;
  return Buffer.concat([SOI, ...jpegComments(Math.max(0, bytes - base), fill), JPEG_BODY, EOI]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid RGB PNG (`width`×`height`, grey) of exactly `bytes` bytes, padded with a tEXt comment, or its smallest size. */
export function png(bytes = 0, width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)])));
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))];
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  if (bytes > size) {
    if (bytes - size < 20) throw new Error(`cannot pad a PNG by ${bytes - size} bytes`);
    parts.splice(3, 0, pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(bytes - size - 20, 0x20)])));
  }
  return Buffer.concat(parts);
}

/** A valid 1×1 little-endian TIFF (width, height, 8-bit grey, one uncompressed strip). */
export function tiff(): Buffer {
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 3, 1],
    [257, 3, 1],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 8 + 2 + 8 * 12 + 4],
    [278, 3, 1],
    [279, 4, 1],
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, value], i) => {
    ifd.writeUInt16LE(tag, 2 + i * 12);
    ifd.writeUInt16LE(type, 4 + i * 12);
    ifd.writeUInt32LE(1, 6 + i * 12);
    if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
    else ifd.writeUInt32LE(value, 10 + i * 12);
  });
  return Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]), ifd, Buffer.from([0x80])]);
}

/** A PDF of exactly `bytes` bytes (at least its header and trailer). */
export function pdf(bytes = 0): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20), tail]);
}

/** The file as the renderer's file input sends it: a data URL with its name. */
export const dataUrl = (type: string, data: Buffer, name = 'arquivo') => `data:${type};name=${encodeURIComponent(name)};base64,${data.toString('base64')}`;
