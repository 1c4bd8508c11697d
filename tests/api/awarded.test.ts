import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { dataUrl, jpeg as jpegFile } from '../helpers/images.js';

const stack = useStack();

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

const pdf = (size = 4096) => `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 32)]).toString('base64')}`;
const jpeg = (size = 4096) => dataUrl('image/jpeg', jpegFile(size + 4), 'selfie.jpg');
/** Brasília day `days` from the sandbox's today, YYYY-MM-DD. */
async function day(days: number): Promise<string> {
  const { today } = (await (await fetch(`${stack.sandbox.url}/__sandbox/clock`)).json()) as { today: string };
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const uploads = async () => (await stack.sandbox.calls()).filter((call) => call.path === 'arquivos/v2' || call.path.startsWith('antifraude/'));

describe('awarded flow: the status → screen table decides every landing (doc 2 §4.3)', () => {
  const rows: Array<[string, string, string]> = [
    ['NAO_INICIADO', 'rita', '/contemplado/sorteio'],
    ['TRIAGEM_EM_ANDAMENTO', 'nina', '/contemplado/confirmacao-documentos'],
    ['CADASTRO_APROVADO_COMITE', 'fernanda', '/contemplado/crivo'],
    ['CADASTRO_REPROVADO', 'fernanda', '/contemplado/resultado-analise'],
    ['PRAZO_FINALIZADO', 'nina', '/contemplado/documentos'],
    ['PENDENCIA_CLIENTE_REANALISE', 'nina', '/contemplado/documentos-adicionais'],
    ['CASO_EXPIRADO', 'nina', '/home'],
  ];
  for (const [status, persona, screen] of rows) {
    it(`${status} → ${screen}`, async () => {
      await stack.sandbox.reset();
      await stack.sandbox.setAwarded(persona, { status });
      const c = await as(persona);
      const row = stack.app.flows.decide('awarded-flow-screen', { status }).outcome;
      expect(row === null ? '/home' : row === '/contemplado/oferta' ? '/contemplado/sorteio' : row).toBe(screen);
      expect((await c.screen('/contemplado')).body).toMatchObject({ kind: 'redirect', to: screen });
      if (screen !== '/home') expect((await c.screen(screen)).body.kind).toBe('screen');
    });
  }
});

describe('awarded flow: a quota without one', () => {
  /** Every screen of /contemplado (the flow-state screens of tests/contract/journeys.test.ts). */
  const SCREENS = [
    '/contemplado', '/contemplado/sorteio', '/contemplado/condicoes-sorteio', '/contemplado/oferta', '/contemplado/verification', '/contemplado/cpf',
    '/contemplado/garantia', '/contemplado/garantia/:item', '/contemplado/tipo-automovel', '/contemplado/tipo-equipamento', '/contemplado/tipo-servico',
    '/contemplado/tipo-imovel', '/contemplado/tipo-pesado', '/contemplado/documentos', '/contemplado/documentos/:doc', '/contemplado/documentos-pesado',
    '/contemplado/documentos-pesado/:doc', '/contemplado/documentos-adicionais', '/contemplado/confirmacao-documentos', '/contemplado/crivo',
    '/contemplado/deseja-faturar', '/contemplado/resultado-analise',
  ];
  it('sends ana (not contemplated) home from every flow screen', async () => {
    const c = await as('ana');
    for (const path of SCREENS) expect((await c.screen(path.replace(':item', 'aval').replace(':doc', 'selfie'))).body, path).toMatchObject({ kind: 'redirect', to: '/home' });
  });
});

describe('awarded flow: rita (draw, pesados)', () => {
  it('sees the draw in words, its conditions, confirms the offer once (option 003 among the rules) and reaches the verification', async () => {
    await stack.sandbox.reset();
    const c = await as('rita');
    const home = screenText((await c.screen('/home')).body);
    expect(home).toContain('Parabéns! Sua cota foi contemplada');
    const draw = screenText((await c.screen('/contemplado/sorteio')).body);
    expect(draw).toContain('Sorteio ativo');
    expect(screenText((await c.screen('/contemplado/condicoes-sorteio')).body)).toContain('Condições do sorteio');
    const offer = screenText((await c.screen('/contemplado/oferta')).body);
    expect(offer).toContain('003 · Troca de chaves');
    expect((await c.action('awarded/confirm-offer', {})).body.errors.aceite).toBe('Para continuar, confirme que leu e aceita as condições.');
    expect((await c.action('awarded/confirm-offer', { aceite: true })).body).toEqual({ kind: 'navigate', to: '/contemplado/verification' });
    expect(screenText((await c.screen('/contemplado/oferta')).body)).toMatch(/Oferta confirmada em \d{2}\/\d{2}\/\d{4}/);
    // The case of the flow was opened; the landing now resumes after the offer.
    expect((await c.screen('/contemplado')).body.to).toBe('/contemplado/verification');
    expect((await c.action('awarded/step-done', { etapa: 'verification' })).body.to).toBe('/contemplado/garantia');
    expect((await c.action('awarded/guarantee', { garantia: 'hipoteca-inventada' })).body.errors.garantia).toBe('Escolha a garantia.');
    expect((await c.action('awarded/guarantee', { garantia: 'aval' })).body.to).toBe('/contemplado/tipo-pesado');
    expect((await c.action('awarded/asset-type', { tela: 'tipo-pesado', tipo: 'Caminhão' })).body.to).toBe('/contemplado/documentos-pesado');
    expect((await c.screen('/contemplado')).body.to).toBe('/contemplado/documentos-pesado');
  });

  it('sends a restricted CPF (code 27) to the restriction step; a failed restriction fetch clears it', async () => {
    await stack.sandbox.reset();
    const c = await as('rita');
    await c.action('awarded/confirm-offer', { aceite: true });
    const idCota = ((await stack.sandbox.calls()).find((call) => call.path === 'core/contemplacao/confirmar-oferta')!.body as { idCota: number }).idCota;
    await stack.sandbox.setQuotaFlags(idCota, { codigoRestricao: 27 });
    expect((await c.action('awarded/guarantee', { garantia: 'aval' })).body.to).toBe('/contemplado/cpf');
    expect(screenText((await c.screen('/contemplado/cpf')).body)).toContain('Restrição no CPF/CNPJ');
    await stack.sandbox.fault({ path: 'core/contemplacao/restricao', status: 500, times: 10 });
    expect((await c.screen('/contemplado/cpf')).body).toMatchObject({ kind: 'redirect', to: '/contemplado' });
    await stack.sandbox.clearFaults();
  });
});

describe('awarded flow: nina’s documents (self-employed)', () => {
  async function identified() {
    await stack.sandbox.reset();
    const c = await as('nina');
    expect((await c.screen('/contemplado')).body.to).toBe('/contemplado/documentos');
    const first = await c.screen('/contemplado/documentos');
    expect(findAll(first.body.layout, (n) => n.id === 'form-identificacao')).toHaveLength(1);
    expect((await c.action('awarded/identification', { tipoRenda: 'autonomo', tipoDocumento: 'RG' })).body.to).toBe('/contemplado/documentos');
    return c;
  }
  const good = async () => ({ documentoPessoal: [pdf(), pdf()], comprovanteResidencia: [pdf()], extratoBancario: [pdf()], declaracaoIR: [pdf()], emissaoComprovante: await day(-60), comprovanteNoNomeDoTitular: true, base: '/contemplado/documentos' });

  it('lists the self-employed documents by category and refuses bad input, sending nothing upstream', async () => {
    const c = await identified();
    const screen = (await c.screen('/contemplado/documentos')).body;
    const table = findAll(screen.layout, (n) => n.type === 'table')[0];
    expect(table.rows).toEqual([
      ['Identificação', 'Documento de identidade com foto', 'Pendente'],
      ['Identificação', 'Selfie segurando o documento', 'Pendente'],
      ['Endereço', 'Comprovante de residência (até 60 dias)', 'Pendente'],
      ['Renda', 'Extrato bancário dos últimos 180 dias', 'Pendente'],
      ['Renda', 'Declaração de imposto de renda', 'Pendente'],
    ]);
    await stack.sandbox.clearCalls();
    const ok = await good();
    expect((await c.action('awarded/documents', { ...ok, documentoPessoal: [pdf()] })).body.errors).toEqual({ documentoPessoal: 'Envie as 2 páginas do documento (RG).' });
    expect((await c.action('awarded/documents', { ...ok, emissaoComprovante: await day(-61) })).body.errors).toEqual({ emissaoComprovante: 'O comprovante de residência deve ter no máximo 60 dias.' });
    expect((await c.action('awarded/documents', { ...ok, comprovanteNoNomeDoTitular: false })).body.errors).toEqual({ comprovanteNoNomeDoTitular: 'O comprovante de residência deve estar no nome do titular da cota.' });
    expect((await c.action('awarded/documents', { ...ok, extratoBancario: ['data:application/pdf;name=x.pdf;base64,aXN0byBuYW8gZSBwZGY='] })).body.errors).toEqual({ extratoBancario: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!' });
    expect((await c.action('awarded/documents', { ...ok, declaracaoIR: [pdf(6 * 1024 * 1024)] })).body.errors).toEqual({ declaracaoIR: 'Um ou mais arquivos são maior que o permitido' });
    const tampered = (await c.action('awarded/documents', { ...ok, selfie: [jpeg()] })).body;
    expect(tampered).toMatchObject({ kind: 'field-errors', errors: { selfie: 'Este documento não foi solicitado.' }, message: 'A lista de documentos enviada não é a solicitada. Confira os documentos e envie novamente.' });
    expect(await uploads()).toEqual([]);
  });

  it('accepts a proof of residence issued exactly 60 days ago, then asks the selfie, confirms and sends for analysis; the sandbox approves after 48 hours', async () => {
    const c = await identified();
    expect((await c.action('awarded/documents', await good())).body).toEqual({ kind: 'navigate', to: '/contemplado/documentos' });
    const selfieForm = findAll((await c.screen('/contemplado/documentos')).body.layout, (n) => n.id === 'form-documentos')[0];
    expect(Object.keys(selfieForm.schema.properties)).toEqual(['selfie']);
    expect((await c.action('awarded/documents', { selfie: [jpeg()], base: '/contemplado/documentos' })).body.to).toBe('/contemplado/confirmacao-documentos');
    expect(screenText((await c.screen('/contemplado/confirmacao-documentos')).body)).toContain('Confirme seus documentos');
    expect((await c.action('awarded/send-for-analysis')).body.to).toBe('/contemplado/confirmacao-documentos');
    const analysing = await c.screen('/contemplado/confirmacao-documentos');
    expect(screenText(analysing.body)).toContain('Documentos em análise');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'antifraude/analise-documento/solicitar')).toBe(true);
    // Two days later (a new session: the back office's tokens expired meanwhile).
    await stack.sandbox.advanceClock(48 * 3600);
    const later = await as('nina');
    expect((await later.screen('/contemplado')).body.to).toBe('/contemplado/crivo');
    const sieve = await later.screen('/contemplado/crivo');
    expect(sieve.body.modals.map((m: { id: string }) => m.id)).toEqual(['contemplado-sucesso']);
    expect(screenText(sieve.body)).toContain('APROVADO');
    expect((await later.screen('/contemplado/crivo')).body.modals).toEqual([]);
  });

  it('comes back pending with the unreadable document named, and refused when the identity match is under 0.35', async () => {
    const c = await identified();
    await c.action('awarded/documents', { ...(await good()), declaracaoIR: ['data:application/pdf;name=ir.pdf;base64,JVBERi0xLjcK'] });
    await c.action('awarded/documents', { selfie: [jpeg()] });
    await c.action('awarded/send-for-analysis');
    await stack.sandbox.advanceClock(48 * 3600);
    const later = await as('nina');
    expect((await later.screen('/contemplado')).body.to).toBe('/contemplado/documentos');
    const form = findAll((await later.screen('/contemplado/documentos')).body.layout, (n) => n.id === 'form-documentos')[0];
    expect(Object.keys(form.schema.properties)).toEqual(['declaracaoIR']);
    await stack.sandbox.setAwarded('nina', { identidade: 0.34 });
    expect((await later.action('awarded/documents', { declaracaoIR: [pdf()] })).body.to).toBe('/contemplado/confirmacao-documentos');
    await later.action('awarded/send-for-analysis');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'antifraude/analise-documento/solicitar-reanalise')).toBe(true);
    await stack.sandbox.advanceClock(48 * 3600);
    const last = await as('nina');
    expect((await last.screen('/contemplado')).body.to).toBe('/contemplado/resultado-analise');
    expect((await last.screen('/contemplado/resultado-analise')).body.modals.map((m: { id: string }) => m.id)).toEqual(['contemplado-falha']);
  });
});
