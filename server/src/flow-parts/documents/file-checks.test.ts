import { describe, expect, it } from 'vitest';
import { jpeg as realJpeg, png as realPng, PNG_SIGNATURE, tiff as realTiff } from '../../../../tests/helpers/images.js';
import { BILLING_UPLOADS, billingFilesProblem, filesProblem, MAX_BILLING_FILE_BYTES, MAX_REFUND_FILE_BYTES, REFUND_UPLOADS, sniffType } from './file-checks.js';

const pdf = (size = 100) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size)]);
const jpeg = realJpeg();
const png = realPng();
const renamedText = Buffer.from('isto não é um PDF, só tem o nome de um');

describe('billing documents', () => {
  it('reads the type from the content: PDF and JPEG pass, PNG and a renamed text file do not', () => {
    expect(sniffType(pdf())).toBe('application/pdf');
    expect(sniffType(jpeg)).toBe('image/jpeg');
    expect(sniffType(png)).toBeNull();
    expect(sniffType(renamedText)).toBeNull();
  });

  it('answers the spec’s messages: missing, too many, too large, wrong format', () => {
    expect(billingFilesProblem([], 2)).toBe('Todos os arquivos são obrigatórios');
    expect(billingFilesProblem([pdf(), pdf(), pdf()], 2)).toBe('Somente 2 arquivos neste campo.');
    expect(billingFilesProblem([pdf(MAX_BILLING_FILE_BYTES)], 2)).toBe('Um ou mais arquivos são maior que o permitido');
    expect(billingFilesProblem([renamedText], 2)).toBe('O formato do arquivo utilizado não atende o requisito, por favor verifique!');
    expect(billingFilesProblem([pdf(MAX_BILLING_FILE_BYTES - 100)], 1)).toBeNull();
    expect(billingFilesProblem([jpeg, pdf()], 2)).toBeNull();
  });

  it('takes the refund’s TIFF, which its message names', () => {
    const tiff = realTiff();
    expect(filesProblem([tiff], 1, REFUND_UPLOADS)).toBeNull();
    expect(filesProblem([tiff], 1)).toBe('O formato do arquivo utilizado não atende o requisito, por favor verifique!');
  });
});

describe('refund uploads', () => {
  it('takes PNG and files up to 8 MB, refuses a renamed text file with its own message', () => {
    expect(filesProblem([png], 1, REFUND_UPLOADS)).toBeNull();
    expect(filesProblem([pdf(MAX_BILLING_FILE_BYTES)], 1, REFUND_UPLOADS)).toBeNull();
    expect(filesProblem([pdf(MAX_REFUND_FILE_BYTES)], 1, REFUND_UPLOADS)).toBe('Um ou mais arquivos são maior que o permitido');
    expect(filesProblem([renamedText], 1, REFUND_UPLOADS)).toBe(REFUND_UPLOADS.messages.badFormat);
  });
});

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="1" height="1"/></svg>');
const SCRIPT = Buffer.from('<script>alert(document.cookie)</script>');

describe('every upload rule set refuses what is not a whole file of its types, with its own message', () => {
  const attacks: Array<[string, Buffer]> = [
    ['zero bytes', Buffer.alloc(0)],
    ['an SVG behind a PNG signature', Buffer.concat([PNG_SIGNATURE, SVG])],
    ['a JPEG with a script appended', Buffer.concat([realJpeg(), SCRIPT])],
    ['a PNG with an SVG appended', Buffer.concat([realPng(), SVG])],
    ['an SVG', SVG],
  ];
  it.each([
    ['billing', BILLING_UPLOADS, realJpeg()],
    ['refund', REFUND_UPLOADS, realPng()],
  ] as const)('%s', (_name, rules, good) => {
    expect(filesProblem([good], 1, rules)).toBeNull();
    for (const [what, data] of attacks) expect(filesProblem([data], 1, rules), what).toBe(rules.messages.badFormat);
  });
});
