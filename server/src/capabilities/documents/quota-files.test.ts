import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type UpstreamFile } from '../../upstream/client.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { fileSize } from './quota-files.js';

const file = (bytes: number, contentLength: number | undefined): UpstreamFile => ({ contentType: 'application/pdf', contentLength, body: Readable.from([Buffer.alloc(bytes)]) });
const refused = (status: number) => new UpstreamError(status, undefined, undefined, 'cotas/{id}/contrato-registrado');

describe('fileSize (the size a documents line shows)', () => {
  it('reads the length the back office answers to HEAD, without asking for the file', async () => {
    const asked: string[] = [];
    expect(await fileSize(async (method) => (asked.push(method), file(0, 2048)))).toBe(2048);
    expect(asked).toEqual(['HEAD']);
  });

  it('counts the file’s bytes when HEAD is refused (405, 501) or answers no length', async () => {
    expect(await fileSize(async (method) => (method === 'HEAD' ? Promise.reject(refused(405)) : file(3000, undefined)))).toBe(3000);
    expect(await fileSize(async (method) => (method === 'HEAD' ? Promise.reject(refused(501)) : file(10, undefined)))).toBe(10);
    expect(await fileSize(async (method) => (method === 'HEAD' ? file(0, undefined) : file(77, undefined)))).toBe(77);
  });

  it('is null for a file the back office does not have, and passes other failures on', async () => {
    expect(await fileSize(async () => Promise.reject(refused(404)))).toBeNull();
    await expect(fileSize(async () => Promise.reject(refused(503)))).rejects.toThrow(UpstreamError);
  });
});
