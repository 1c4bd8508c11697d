/**
 * Every upload of the surface fed the files an attacker makes: image polyglots (image magic, markup
 * after it), files past the form's size, zero bytes, wrong magic for the declared type, and SVG
 * (declared as SVG and declared as PNG). Each is refused with the form's own message on its field
 * and nothing is uploaded to the back office.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { collectedStack, loggedIn } from './attacker.js';
import { UPLOAD_DRIVERS } from './drivers/uploads.js';
import { has, readSurface } from './surface.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);
const uploads = surface.operations.filter((op) => has(op, 'upload')).map((op) => op.key);

beforeEach(async () => {
  await stack.sandbox.reset();
});

const dataUrl = (type: string, bytes: Buffer) => `data:${type};name=arquivo;base64,${bytes.toString('base64')}`;
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

/** The attacker's files, by what each tries. */
function files(maxBytes: number): Array<[string, string]> {
  return [
    ['JPEG magic with markup after it', dataUrl('image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><svg onload=alert(1)></svg></html>')]))],
    ['PNG signature with an SVG after it', dataUrl('image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), SVG]))],
    ['one byte past the form’s size', dataUrl('image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(maxBytes - 3, 7)]))],
    ['zero bytes', 'data:image/jpeg;name=vazio.jpg;base64,'],
    ['GIF bytes declared as JPEG', dataUrl('image/jpeg', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))],
    ['text declared as PDF', dataUrl('application/pdf', Buffer.from('não sou um PDF'))],
    ['SVG', dataUrl('image/svg+xml', SVG)],
    ['SVG declared as PNG', dataUrl('image/png', SVG)],
  ];
}

describe('uploads with an attacker’s files', () => {
  it.each(uploads)('%s: every file refused with the form’s message, nothing uploaded', async (key) => {
    const driver = UPLOAD_DRIVERS[key];
    expect(driver, `${key} takes files but has no driver in tests/security/drivers/uploads.ts`).toBeDefined();
    await driver!.before?.(stack);
    const c = driver!.session ? await driver!.session(stack) : (await loggedIn(stack, driver!.persona)).c;
    await driver!.prepare?.(c);
    const { today } = (await (await fetch(`${stack.sandbox.url}/__sandbox/clock`)).json()) as { today: string };
    const wrong: string[] = [];
    for (const [what, file] of files(driver!.maxBytes)) {
      await stack.sandbox.clearCalls();
      const res = await c.action(key, driver!.body(file, today));
      const uploaded = (await stack.sandbox.calls()).filter((call) => call.path === 'arquivos/v2' || call.path.startsWith('antifraude/'));
      const message = res.body?.errors?.[driver!.field];
      if (res.body?.kind !== 'field-errors' || typeof message !== 'string' || !message) wrong.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      if (uploaded.length) wrong.push(`${what}: uploaded (${uploaded.map((u) => u.path).join(', ')})`);
    }
    expect(wrong).toEqual([]);
  });
});
