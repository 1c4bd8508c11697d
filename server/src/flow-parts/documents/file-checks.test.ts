import { describe, expect, it } from 'vitest';
import { billingFilesProblem, filesProblem, MAX_BILLING_FILE_BYTES, MAX_REFUND_FILE_BYTES, REFUND_UPLOADS, sniffType } from './file-checks.js';

const pdf = (size = 100) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size)]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
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
    const tiff = Buffer.from([0x49, 0x49, 0x2a, 0x00, 1, 2, 3]);
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
