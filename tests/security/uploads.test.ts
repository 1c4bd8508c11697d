import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRules } from '../../server/src/security/file-content.js';
import { client } from '../helpers/api-client.js';
import { dataUrl, jpeg, pdf, png, PNG_SIGNATURE } from '../helpers/images.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="1" height="1"/></svg>');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SCRIPT = Buffer.from('<script>alert(document.cookie)</script>');

/** What an attacker sends as an image, each declared as one so that only the bytes can tell. */
const ATTACKS: Array<[name: string, file: string]> = [
  ['zero bytes', 'data:image/png;base64,'],
  ['an SVG with onload, declared as PNG', dataUrl('image/png', SVG, 'foto.png')],
  ['an SVG as SVG', dataUrl('image/svg+xml', SVG, 'foto.svg')],
  ['a PNG header followed by HTML', dataUrl('image/png', Buffer.concat([PNG_SIGNATURE, HTML]), 'foto.png')],
  ['a valid PNG followed by HTML', dataUrl('image/png', Buffer.concat([png(), HTML]), 'foto.png')],
  ['a JPEG with a script appended', dataUrl('image/jpeg', Buffer.concat([jpeg(), SCRIPT]), 'foto.jpg')],
  ['a JPEG with an SVG appended', dataUrl('image/jpeg', Buffer.concat([jpeg(), SVG]), 'foto.jpg')],
  ['an HTML page declared as PDF', dataUrl('application/pdf', HTML, 'doc.pdf')],
  ['a text that is no data URL', 'data:image/png,<svg onload=alert(1)>'],
];

/** The form messages the spec and the screens give, by upload action. */
const MESSAGES: Record<string, string> = {
  'quotas/photo': 'Escolha uma imagem JPG ou PNG.',
  'profile/identity-documents': 'Envie arquivos PDF, JPG ou PNG.',
  'refund/documents': 'O documento anexado não corresponde ao padrão aceito (JPG, PNG, TIFF ou PDF).',
};
const BILLING_MESSAGE = 'O formato do arquivo utilizado não atende o requisito, por favor verifique!';

interface Upload {
  name: string;
  rules: FileRules;
  /** The field the file is sent in: a file field of the action's input, as the OpenAPI describes it. */
  field: string;
  multiple: boolean;
}

let uploads: Upload[] = [];
beforeAll(async () => {
  const doc = (await supertest(stack.baseUrl).get('/api/docs/json')).body as { paths: Record<string, { post?: { requestBody: { content: { 'application/json': { schema: { properties?: Record<string, { type?: string; items?: { type?: string } }> } } } } } }> };
  // Every action that takes a body above the generic limit is an upload: the server refuses to start one that declares no file rules.
  uploads = [...stack.app.actions.list()]
    .filter(([, action]) => action.bodyLimit)
    .map(([name, action]) => {
      const properties = doc.paths[`/api/actions/${name}`]?.post?.requestBody.content['application/json'].schema.properties ?? {};
      const fileField = Object.entries(properties).find(([, p]) => p.type === 'array' && p.items?.type === 'string') ?? Object.entries(properties).find(([, p]) => p.type === 'string');
      return { name, rules: action.files!, field: fileField?.[0] ?? 'documento', multiple: fileField ? fileField[1].type === 'array' : true };
    });
});

async function customer() {
  const c = client(stack.baseUrl);
  await c.loginWithQuota('ana');
  return c;
}

const body = (upload: Upload, file: string) => ({ [upload.field]: upload.multiple ? [file] : file });

describe('every upload action reads its files by their bytes before anything else', () => {
  it('finds the upload actions, each with file rules and its form’s message', () => {
    expect(uploads.map((u) => u.name)).toEqual(expect.arrayContaining(['quotas/photo', 'profile/identity-documents', 'cash-billing/documents', 'awarded/documents', 'refund/documents', 'vehicle-billing/identification', 'used-vehicle/seller-documents']));
    for (const upload of uploads) {
      expect(upload.rules, upload.name).toBeDefined();
      expect(upload.rules.messages.badFormat, upload.name).toBe(MESSAGES[upload.name] ?? BILLING_MESSAGE);
    }
  });

  it('refuses zero bytes, wrong magic, SVG and polyglots with the form’s message, sending nothing upstream', async () => {
    const c = await customer();
    await stack.sandbox.clearCalls();
    for (const upload of uploads) {
      for (const [attack, file] of ATTACKS) {
        const res = await c.action(upload.name, body(upload, file));
        expect(res.status, `${upload.name}: ${attack}`).toBe(200);
        expect(res.body, `${upload.name}: ${attack}`).toEqual({ kind: 'field-errors', errors: { [upload.field]: upload.rules.messages.badFormat } });
      }
    }
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'arquivos/v2')).toEqual([]);
  });

  it('refuses a file over the form’s size with its size message', async () => {
    const c = await customer();
    await stack.sandbox.clearCalls();
    for (const upload of uploads) {
      const res = await c.action(upload.name, body(upload, dataUrl('image/jpeg', jpeg(upload.rules.maxBytes + 1), 'grande.jpg')));
      expect(res.body, upload.name).toEqual({ kind: 'field-errors', errors: { [upload.field]: upload.rules.messages.tooLarge } });
    }
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'arquivos/v2')).toEqual([]);
  });

  it('lets a whole file of the form’s types through to the form’s own checks', async () => {
    const c = await customer();
    for (const upload of uploads) {
      // A PDF where the form takes one (some of its fields take nothing else), else a JPEG.
      const good = upload.rules.types.includes('application/pdf') ? dataUrl('application/pdf', pdf(2048), 'doc.pdf') : dataUrl('image/jpeg', jpeg(2048), 'foto.jpg');
      const res = await c.action(upload.name, body(upload, good));
      const errors = (res.body.errors ?? {}) as Record<string, string>;
      expect([upload.rules.messages.badFormat, upload.rules.messages.tooLarge], `${upload.name}: ${JSON.stringify(res.body)}`).not.toContain(errors[upload.field]);
    }
  });
});

describe('the quota photo of the issue', () => {
  it('refuses an SVG with onload sent as data:image/png, and serves a real photo with the type its bytes show and nosniff', async () => {
    const c = await customer();
    await stack.sandbox.clearCalls();
    const svg = await c.action('quotas/photo', { foto: `data:image/png;base64,${SVG.toString('base64')}` });
    expect(svg.body).toEqual({ kind: 'field-errors', errors: { foto: 'Escolha uma imagem JPG ou PNG.' } });
    expect(await stack.sandbox.calls()).toEqual([]);

    // A real JPEG declared as PNG goes up, and comes back, as what it is.
    expect((await c.action('quotas/photo', { foto: dataUrl('image/png', jpeg(4096), 'carro.png') })).body).toEqual({ kind: 'snackbar', message: 'Foto da cota atualizada.', to: '/detalhes-da-cota' });
    const put = (await stack.sandbox.calls()).filter((call) => call.method === 'PUT' && call.path.endsWith('/preferencias')).at(-1);
    const served = await fetch(String((put?.body as { photo_url?: string }).photo_url));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
