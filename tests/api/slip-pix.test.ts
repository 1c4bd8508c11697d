import { inflateSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { crc16CcittFalse, readBrCode } from '../../back-office/pix.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { sweepDocument } from '../helpers/screen-sweep.js';
import { useStack } from '../helpers/stack.js';

const logs = capturedLogs('warn');
const stack = useStack({}, { loggerInstance: logs.logger });

beforeEach(() => logs.clear());

type Client = ReturnType<typeof client>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

async function as(key: string): Promise<Client> {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

/** Generates the slip of the first instalment on /boletos; its id and the path of its screen. */
async function firstSlip(c: Client): Promise<{ boleto: string; to: string }> {
  const hub = await c.screen('/boletos');
  const button = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
  const generated = await c.action('slips/generate', button.action.payload);
  expect(generated.body.kind).toBe('navigate');
  return { boleto: new URL(generated.body.to, 'http://x').searchParams.get('boleto')!, to: generated.body.to };
}

const byId = (layout: Node[], id: string): Node => findAll(layout, (n) => n.id === id)[0];
/** "R$ 1.234,56" → 1234.56 */
const reais = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

/** The Pix code a slip screen offers to copy, checked as a Pix BR Code. */
function pixOf(layout: Node[]) {
  const copy = byId(layout, 'copiar-pix');
  return { button: copy, code: copy.action.text as string, read: readBrCode(copy.action.text) };
}

/** A PDF's page content: every stream inflated (the images' too, which read as noise). */
function pdfContent(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
}

/** The text a PDF draws (pdfkit's hex strings inside TJ), its lines joined. */
function pdfText(pdf: Buffer): string {
  return [...pdfContent(pdf).matchAll(/\[([^\]]*)\]\s*TJ/g)].map((tj) => [...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join('')).join('');
}

async function pdfOf(c: Client, boleto: string): Promise<Buffer> {
  const res = await c.agent.get(`/api/arquivos/boletos/${boleto}`).buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.body as Buffer;
}

/** The sandbox's record of an issued slip (to take its Pix code away, or spoil it). */
const sandboxSlip = (boleto: string) => stack.sandboxApp.sandboxContext!.state.billing.slips.get(boleto)!;

describe('a boleto com Pix', () => {
  it('shows its QR code and "Copiar código Pix" beside the typeable line, Pix first, with a valid code for the slip’s value', async () => {
    await stack.sandbox.reset();
    const c = await as('ana');
    const { boleto, to } = await firstSlip(c);
    const slip = (await c.screen(to)).body;

    // Two ways to pay side by side (one under the other on a phone): Pix first, then the typeable line.
    const ways = byId(slip.layout, 'formas-de-pagamento');
    expect(ways.type).toBe('columns');
    expect(ways.items.map((n: Node) => n.id)).toEqual(['pix', 'linha']);
    const [pix, line] = ways.items.map((group: Node) => group.items.map((n: Node) => `${n.type}: ${n.type === 'image' ? n.alt : n.type === 'value' ? n.label : (n.label ?? n.text)}`));
    expect(pix).toEqual(['heading: Pague com Pix', 'text: Leia o QR Code no aplicativo do seu banco ou copie o código Pix e cole no aplicativo.', 'button: Copiar código Pix', 'image: QR Code do Pix deste boleto']);
    expect(line).toEqual(['heading: Pague com o código de barras', 'value: Linha digitável', 'button: Copiar linha digitável', 'image: Código de barras do boleto']);

    const { button, code, read } = pixOf(slip.layout);
    expect(button).toMatchObject({ type: 'button', label: 'Copiar código Pix', action: { type: 'copy', message: 'Código Pix copiado.', label: 'Código Pix copia e cola' } });
    expect(read, code).not.toBeNull();
    expect(code.slice(-4)).toBe(crc16CcittFalse(code.slice(0, -4)));
    expect(read!.amount).toBe(reais(byId(slip.layout, 'boleto').items[0].text));
    expect(read).toMatchObject({ merchantName: 'Consorcio Aurora', merchantCity: 'Sao Paulo', txid: `BOLETO${boleto}` });
    expect(read!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const qr = byId(slip.layout, 'pix-qr-code');
    expect(qr).toMatchObject({ type: 'image', alt: 'QR Code do Pix deste boleto' });
    const svg = Buffer.from(qr.src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
    expect(svg).toMatch(/^<svg width="232" height="232" shape-rendering="crispEdges" viewBox="0 0 (\d+) \1"/);
    // The typeable line is still there, with its own copy button.
    expect(byId(slip.layout, 'copiar-linha').action).toMatchObject({ type: 'copy', message: 'Linha digitável copiada.', label: 'Linha digitável' });
    expect(sweepDocument(to, slip)).toEqual([]);
  });

  it('comes with every slip the back office issues: unified instalments of two quotas and the payoff slip', async () => {
    await stack.sandbox.reset();
    const carla = await as('carla');
    const form = findAll((await carla.screen('/boletos/unificarparcelas/selecionarcotas')).body.layout, (n) => n.id === 'form-parcelas')[0];
    const ids: string[] = form.schema.properties.parcelas.items.enum;
    const labels: string[] = form.uiSchema.parcelas.items['ui:enumNames'];
    const onTime = ids.filter((_, i) => !labels[i]!.includes('(vencida)'));
    const unified = await carla.action('slips/generate-marked', { ...form.submit.action.payload, parcelas: onTime });
    const unifiedSlip = (await carla.screen(unified.body.to)).body;
    expect(pixOf(unifiedSlip.layout).read!.amount).toBe(reais(byId(unifiedSlip.layout, 'boleto').items[0].text));

    const ana = await as('ana');
    const payoff = await ana.action('slips/payoff');
    const payoffSlip = (await ana.screen(payoff.body.to)).body;
    expect(screenText(payoffSlip)).toContain('Quitação da cota');
    expect(pixOf(payoffSlip.layout).read!.amount).toBe(reais(byId(payoffSlip.layout, 'boleto').items[0].text));
  });

  it('carries the Pix code in the PDF (with its QR code) and in the e-mail', async () => {
    await stack.sandbox.reset();
    const c = await as('ana');
    const { boleto, to } = await firstSlip(c);
    const { code } = pixOf((await c.screen(to)).body.layout);
    const pdf = await pdfOf(c, boleto);
    const text = pdfText(pdf);
    expect(text).toContain('Pague com Pix');
    expect(text).toContain(code);
    // Two images drawn: the barcode and the QR code.
    expect(pdfContent(pdf).match(/\/I\d+ Do/g)).toHaveLength(2);

    await c.action('slips/email', { boleto, destinatarios: [{ nome: 'Ana', email: 'ana.lima@example.com.br' }] });
    const mail = (await stack.sandbox.outbox()).find((m) => m.to === 'ana.lima@example.com.br')!;
    expect(mail.text).toContain(`Pix copia e cola: ${code}`);
  });
});

describe('a slip without Pix', () => {
  it('shows nothing of Pix when the back office sends no code: screen, PDF and e-mail', async () => {
    await stack.sandbox.reset();
    const c = await as('ana');
    const { boleto, to } = await firstSlip(c);
    delete sandboxSlip(boleto).pixCopiaECola;
    const slip = (await c.screen(to)).body;
    expect(JSON.stringify(slip)).not.toMatch(/pix/i);
    expect(byId(slip.layout, 'formas-de-pagamento').items.map((n: Node) => n.id)).toEqual(['linha']);
    expect(screenText(slip)).toMatch(/Linha digitável\nCopiar linha digitável/);
    expect(pdfText(await pdfOf(c, boleto))).not.toMatch(/pix/i);
    await c.action('slips/email', { boleto, destinatarios: [{ nome: 'Ana', email: 'ana.sem.pix@example.com.br' }] });
    expect((await stack.sandbox.outbox()).find((m) => m.to === 'ana.sem.pix@example.com.br')!.text).not.toMatch(/pix/i);
  });

  it('does not show a code that fails its CRC (it would not pay), and logs the slip once without the code', async () => {
    await stack.sandbox.reset();
    const c = await as('ana');
    const { boleto, to } = await firstSlip(c);
    const record = sandboxSlip(boleto);
    const good = record.pixCopiaECola!;
    record.pixCopiaECola = `${good.slice(0, -4)}${good.slice(-4) === '0000' ? '0001' : '0000'}`;
    const slip = (await c.screen(to)).body;
    expect(JSON.stringify(slip)).not.toMatch(/pix/i);
    expect(logs.text()).toContain('not a valid BR Code');
    expect(logs.text()).toContain(boleto);
    expect(logs.text()).not.toContain(good.slice(0, 40));
  });
});
