import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jpeg, png, PNG_SIGNATURE, pdf, tiff } from '../../../tests/helpers/images.js';
import { acceptedContent, type ContentType } from './file-content.js';
import { DOCUMENT_TYPES } from '../flow-parts/documents/identity.js';

const EVERY_TYPE: ContentType[] = ['image/jpeg', 'image/png', 'image/tiff', 'application/pdf'];
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="1" height="1"/></svg>');
const SCRIPT = Buffer.from('<script>alert(document.cookie)</script>');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
const cut = (data: Buffer, keep: number) => data.subarray(0, keep);

/** A JPEG whose comment segment (before the image) carries `text`. */
function jpegWithComment(text: Buffer): Buffer {
  const base = jpeg();
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]), text]);
  return Buffer.concat([base.subarray(0, 2), comment, base.subarray(2)]);
}

/** A PNG with a tEXt chunk carrying `text` (valid CRC: a careful attacker's file). */
function pngWithText(text: Buffer): Buffer {
  const plain = png(200);
  const at = plain.indexOf('tEXt') - 4;
  const length = plain.readUInt32BE(at);
  const body = Buffer.concat([Buffer.from('tEXtComment\0', 'latin1'), text]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return Buffer.concat([plain.subarray(0, at), chunk, plain.subarray(at + 12 + length)]);
}

/** Pixels with no markup that deflate poorly: a large PNG must still pass the search of its image data. */
function noisyPng(side: number): Buffer {
  let seed = 42;
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let i = 0; i < rows.length; i++) rows[i] = i % (1 + side * 3) === 0 ? 0 : (seed = (seed * 1_103_515_245 + 12_345) >>> 0) >>> 24;
  const base = png(0, side, side);
  const idat = deflateSync(rows);
  const header = base.subarray(0, 33);
  const chunk = Buffer.alloc(idat.length + 12);
  chunk.writeUInt32BE(idat.length, 0);
  chunk.write('IDAT', 4, 'latin1');
  idat.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + idat.length)), 8 + idat.length);
  return Buffer.concat([header, chunk, base.subarray(base.length - 12)]);
}

describe('a file is what its bytes show, whole and nothing else', () => {
  it.each<[string, Buffer, ContentType]>([
    ['a JPEG', jpeg(), 'image/jpeg'],
    ['a 6 MB JPEG', jpeg(6 * 1024 * 1024 - 1), 'image/jpeg'],
    ['a PNG', png(), 'image/png'],
    ['a 3 MB PNG of noisy pixels', noisyPng(1000), 'image/png'],
    ['a TIFF', tiff(), 'image/tiff'],
    ['a PDF', pdf(2048), 'application/pdf'],
    ['a JPEG padded with zeros after its end', Buffer.concat([jpeg(), Buffer.alloc(16)]), 'image/jpeg'],
  ])('accepts %s', (_name, data, type) => {
    expect(acceptedContent(data, EVERY_TYPE)).toBe(type);
  });

  it.each<[string, Buffer]>([
    ['zero bytes', Buffer.alloc(0)],
    ['an SVG', SVG],
    ['an SVG named .png behind a PNG signature', Buffer.concat([PNG_SIGNATURE, SVG])],
    ['an SVG behind a JPEG start', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), SVG])],
    ['an HTML page', HTML],
    ['a PNG header followed by HTML', Buffer.concat([png().subarray(0, 33), HTML])],
    ['a valid PNG with a script appended', Buffer.concat([png(), SCRIPT])],
    ['a valid PNG with an SVG appended', Buffer.concat([png(), SVG])],
    ['a PNG with a script in a text chunk', pngWithText(SCRIPT)],
    ['a PNG cut short', cut(png(4096), 2000)],
    ['a JPEG with a script appended', Buffer.concat([jpeg(), SCRIPT])],
    ['a JPEG with an SVG appended', Buffer.concat([jpeg(), SVG])],
    ['a JPEG with a page appended and its end marker repeated', Buffer.concat([jpeg(), HTML, Buffer.from([0xff, 0xd9])])],
    ['a JPEG with an SVG in its comment', jpegWithComment(SVG)],
    ['a JPEG with a script in its comment', jpegWithComment(SCRIPT)],
    ['a JPEG start with nothing decodable after it', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096)])],
    ['a JPEG cut short', cut(jpeg(), 100)],
    ['a TIFF with a script appended', Buffer.concat([tiff(), SCRIPT])],
    ['a GIF', Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')],
    ['a renamed text file', Buffer.from('isto não é uma imagem')],
  ])('refuses %s', (_name, data) => {
    expect(acceptedContent(data, EVERY_TYPE)).toBeNull();
  });

  it('refuses a real file of a type the form does not take', () => {
    expect(acceptedContent(png(), ['image/jpeg', 'application/pdf'])).toBeNull();
    expect(acceptedContent(pdf(), ['image/jpeg', 'image/png'])).toBeNull();
    expect(acceptedContent(tiff(), DOCUMENT_TYPES)).toBeNull();
  });
});
