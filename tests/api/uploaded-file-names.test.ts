import { describe, expect, it } from 'vitest';
import { CLIENT_PLATFORM_HEADER } from '../../screens/contract/index.js';
import { client, findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { dataUrl, pdf, png } from '../helpers/images.js';

/**
 * The back office is given file names the server chose (`<field>-<n>.<extension of the type read
 * from the bytes>`), never the name the customer's file came with: a path, quotes, line breaks and a
 * misleading extension stop at the server. OWASP ASVS 5.0 V5.4.1.
 */
const stack = useStack();
const PHONE = { [CLIENT_PLATFORM_HEADER]: 'android' };
const HOSTILE = '../../x"\r\n.svg';

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

const uploads = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path === 'arquivos/v2');

describe('file names the back office is given', () => {
  it('names ana’s identity pages paginas-1.pdf and paginas-2.png, whatever her files were called', async () => {
    const c = await as('ana');
    const form = findAll((await c.screen('/perfil/validar-identificacao', PHONE)).body.layout, (n) => n.type === 'form')[0];
    const rg = form.schema.properties.tipoDocumento.enum[(form.uiSchema.tipoDocumento['ui:enumNames'] as string[]).indexOf('RG')];
    await stack.sandbox.clearCalls();
    const sent = await c.action('profile/identity-documents', { tipoDocumento: rg, paginas: [dataUrl('application/pdf', pdf(4096), HOSTILE), dataUrl('image/png', png(4096), HOSTILE)] });
    expect(sent.body).toEqual({ kind: 'navigate', to: '/perfil/validar-identificacao/analisando' });
    const files = (await uploads()).map((call) => call.file);
    expect(files).toEqual([
      { field: 'file', name: 'paginas-1.pdf', type: 'application/pdf' },
      { field: 'file', name: 'paginas-2.png', type: 'image/png' },
    ]);
    expect(JSON.stringify(await uploads())).not.toMatch(/\.\.\/|svg|x"/);
  });

  it('names a quota photo foto-1.png even when the hostile name arrives raw, unencoded', async () => {
    const c = await as('ana');
    await stack.sandbox.clearCalls();
    const raw = `data:image/png;name=${HOSTILE};base64,${png(64).toString('base64')}`;
    expect((await c.action('quotas/photo', { foto: raw })).body).toMatchObject({ kind: 'snackbar' });
    const [call] = await uploads();
    expect(call?.file).toEqual({ field: 'file', name: 'foto-1.png', type: 'image/png' });
    expect(call?.body).toEqual({ category: 'foto-cota' });
  });
});
