import type { ComponentNode, ComponentOf } from '../../../../screens/contract/components.js';
import type { ThemeTokens } from '../../../../screens/contract/screen.js';
import { TOKEN_NAMES, type ContrastCheck } from '../../composition/theme.js';
import { formatDecimal } from '../../domain/format.js';
import { consoleText } from './console-texts.js';

/**
 * The component gallery of the operations console (/ops/galeria): every component in every
 * state, once per partner, each in that partner's theme, side by side, with the theme's WCAG AA
 * contrast report. Its buttons lead back here; its form answers an example message. Every word of
 * the samples is a console text (`ops.galeria.amostra.*`), as a customer's screen would have it.
 */
export interface GalleryPartner {
  id: number;
  name: string;
  theme: ThemeTokens;
  report: ContrastCheck[];
  /** The partner's own theme failed AA and the default one is drawn instead. */
  rejected: boolean;
}

const TONES = ['neutral', 'info', 'success', 'warning', 'danger'] as const;
/** A sample's words: the console text `ops.galeria.amostra.<key>`. */
const t = (key: string, values?: unknown): string => consoleText(`ops.galeria.amostra.${key}`, values);
const toneLabel = (tone: (typeof TONES)[number]): string => t(`tom.${tone}`);
const here = { type: 'navigate', to: '/ops/galeria' } as const;
const h = (text: string): ComponentNode => ({ type: 'heading', text, level: 3 });

/** Long enough to wrap on a phone: how the components break lines. */
const long = (): string => t('longo');
/** The states of a sent document: approved, in analysis, refused with its reason, not sent yet. */
const UPLOADS: Array<[document: string, tone: 'success' | 'info' | 'danger' | 'neutral', state: string, reason?: string]> = [
  ['rg', 'success', 'aprovado'],
  ['residencia', 'info', 'em-analise'],
  ['extrato', 'danger', 'recusado', 'ilegivel'],
  ['renda', 'neutral', 'aguardando'],
];

/** A chosen file as the form holds it: a data URL carrying its name (a tiny PDF). */
const SAMPLE_PDF = (name: string) => `data:application/pdf;name=${encodeURIComponent(name)};base64,JVBERi0xLjcKJSVFT0YK`;

/** The assistant's conversation, empty (with suggestions) or with messages; its composer answers the gallery's example. */
function conversation(id: string, label: string, messages: Array<ComponentOf<'conversation'>['messages'][number]>): ComponentNode {
  return {
    type: 'conversation',
    id,
    label,
    messages,
    ...(messages.length === 0 ? { suggestions: [t('conversa.sugestao-boleto'), t('conversa.sugestao-lance')], suggestionsLabel: t('conversa.sugestoes') } : {}),
    composer: { label: t('conversa.pergunta'), placeholder: t('conversa.pergunta-dica'), sendLabel: t('conversa.enviar'), maxLength: 500 },
    typingText: t('conversa.escrevendo'),
    send: { action: 'ops/galeria-exemplo' },
    feedback: { action: 'ops/galeria-exemplo', positiveLabel: t('conversa.util'), negativeLabel: t('conversa.nao-ajudou'), sentText: t('conversa.avaliada') },
    failure: { text: t('conversa.falha'), retryLabel: t('conversa.tentar') },
  };
}

function samples(p: GalleryPartner): ComponentNode[] {
  const key = `p${p.id}`;
  const partner = { parceiro: p.name };
  return [
    h(t('secao.textos')),
    { type: 'heading', text: t('saudacao'), level: 2 },
    ...TONES.map((tone): ComponentNode => ({ type: 'text', tone, text: t('texto-em-tom', { tom: toneLabel(tone).toLowerCase() }) })),
    { type: 'card', title: t('cota.titulo'), subtitle: t('cota.bem'), items: [{ type: 'value', label: t('cota.credito'), text: 'R$ 85.000,00', emphasis: true }, { type: 'value', label: t('cota.saldo'), text: 'R$ 61.204,18' }], action: { label: t('cota.detalhes'), action: here } },
    { type: 'key-value', rows: [{ label: t('banco'), text: '341' }, { label: t('agencia'), text: '1234' }] },
    h(t('secao.botoes')),
    { type: 'button', label: t('botao.principal'), variant: 'primary', action: here },
    { type: 'button', label: t('botao.secundario'), variant: 'secondary', action: here },
    { type: 'button', label: t('botao.link'), variant: 'link', action: here },
    { type: 'button', label: t('botao.indisponivel'), variant: 'primary', action: here, countdown: { until: '2999-01-01T00:00:00Z', label: t('botao.aguarde') } },
    h(t('secao.avisos')),
    ...TONES.filter((tone) => tone !== 'neutral').map((tone): ComponentNode => ({ type: 'banner', tone, text: t('aviso', { tom: toneLabel(tone) }) })),
    { type: 'list', label: t('situacoes'), items: TONES.map((tone): ComponentNode => ({ type: 'status-pill', tone, text: toneLabel(tone) })) },
    h(t('secao.filtros')),
    { type: 'chips', id: `${key}-chips`, label: t('filtros', partner), options: [{ label: t('filtro.todos'), selected: true, action: here }, { label: t('filtro.a-vencer'), selected: false, action: here }, { label: t('filtro.vencidos'), selected: false, action: here }] },
    h(t('secao.resumo')),
    { type: 'summary', title: t('resumo.titulo'), figure: 'R$ 1.234,56', caption: t('resumo.vencimento'), status: { tone: 'info', text: t('resumo.a-vencer') }, action: { label: t('resumo.gerar'), action: here }, secondaryAction: { label: t('resumo.ver'), action: here } },
    { type: 'summary', title: t('resumo.atraso'), figure: 'R$ 987,00', status: { tone: 'danger', text: t('resumo.vencida') } },
    h(t('secao.linha-do-tempo')),
    {
      type: 'timeline',
      label: t('linha.rotulo', partner),
      steps: [
        { title: t('linha.solicitado'), status: 'done', statusText: t('linha.concluido'), when: t('linha.quando') },
        { title: t('linha.liberado'), status: 'current', statusText: t('linha.andamento') },
        { title: t('linha.enviado'), status: 'todo', statusText: t('linha.pendente') },
        { title: t('linha.estornado'), status: 'error', statusText: t('linha.nao-concluido'), text: t('linha.confira') },
      ],
    },
    { type: 'stepper', steps: [{ label: t('etapa.tipo'), state: 'done' }, { label: t('etapa.valor'), state: 'current' }, { label: t('etapa.resumo'), state: 'todo' }] },
    h(t('secao.atalhos')),
    { type: 'shortcuts', label: t('atalhos', partner), links: [{ label: t('atalho.boletos'), icon: 'receipt', action: here }, { label: t('atalho.lances'), icon: 'gavel', action: here }, { label: t('atalho.ajuda'), icon: 'circle-help', action: here }] },
    { type: 'bottom-nav', label: t('navegacao', partner), links: [{ label: t('navegacao.inicio'), icon: 'house', current: true, action: here }, { label: t('navegacao.boletos'), icon: 'receipt', action: here }, { label: t('navegacao.perfil'), icon: 'user', action: here }] },
    h(t('secao.vazio')),
    { type: 'empty-state', title: t('vazio.titulo'), text: t('vazio.texto'), action: { label: t('vazio.voltar'), action: here } },
    { type: 'skeleton', label: t('carregando'), variant: 'card' },
    h(t('secao.tabelas')),
    {
      type: 'table',
      caption: t('parcelas', partner),
      columns: [t('parcelas.parcela'), t('parcelas.vencimento'), t('parcelas.valor'), t('parcelas.situacao')],
      rows: [['12', '10/12/2026', 'R$ 1.234,56', t('parcelas.a-vencer')], ['11', '10/11/2026', 'R$ 1.234,56', t('parcelas.paga')], ['10', '10/10/2026', 'R$ 1.198,02', t('parcelas.vencida')]],
    },
    h(t('secao.documentos')),
    {
      type: 'list',
      label: t('documentos', partner),
      items: UPLOADS.map(([document, tone, state, reason]): ComponentNode => ({ type: 'card', title: t(`documento.${document}`), items: [{ type: 'status-pill', tone, text: t(`documento.situacao.${state}`) }, ...(reason ? [{ type: 'text', text: t(`documento.motivo.${reason}`) } as const] : [])] })),
    },
    { type: 'list', label: t('documentos.nenhum', partner), emptyText: t('documentos.vazio'), items: [] },
    {
      // The upload list as a customer sees it after choosing files (each with "Remover"), one field refused, one still empty.
      type: 'form',
      id: `${key}-arquivos`,
      schema: {
        type: 'object',
        properties: {
          comprovantes: { type: 'array', title: t('arquivos.comprovantes'), items: { type: 'string', format: 'data-url' } },
          contrato: { type: 'array', title: t('arquivos.contrato'), items: { type: 'string', format: 'data-url' } },
          selfie: { type: 'string', format: 'data-url', title: t('arquivos.selfie') },
        },
      },
      uiSchema: { comprovantes: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf' } }, contrato: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf' } }, selfie: { 'ui:options': { accept: '.jpg,.jpeg,.png' } } },
      formData: { comprovantes: [SAMPLE_PDF('conta-de-luz-outubro-2026.pdf'), SAMPLE_PDF('extrato-bancario-com-um-nome-de-arquivo-bem-comprido-2026.pdf')], contrato: [SAMPLE_PDF('contrato.pdf')] },
      errors: { contrato: t('arquivos.ilegivel') },
      submit: { label: t('arquivos.enviar'), action: { type: 'submit', action: 'ops/galeria-exemplo' } },
    },
    h(t('secao.conversa')),
    conversation(`${key}-conversa-vazia`, t('conversa.vazia', partner), []),
    conversation(`${key}-conversa`, t('conversa.com-assistente', partner), [
      { id: `${key}-m1`, role: 'user', author: t('conversa.voce'), content: t('conversa.m1') },
      { id: `${key}-m2`, role: 'assistant', author: t('conversa.assistente'), content: t('conversa.m2'), feedback: 'POSITIVE' },
      { id: `${key}-m3`, role: 'user', author: t('conversa.voce'), content: t('conversa.m3') },
      { id: `${key}-m4`, role: 'assistant', author: t('conversa.assistente'), content: t('conversa.m4', { longo: long() }), feedback: 'DEFAULT' },
    ]),
    h(t('secao.longos')),
    { type: 'card', title: t('longo.cota', { longo: long() }), subtitle: t('longo.bem'), items: [{ type: 'value', label: t('longo.credito'), text: 'R$ 1.234.567,89', emphasis: true }], action: { label: t('longo.detalhes'), action: here } },
    { type: 'banner', tone: 'warning', text: long(), action: { label: t('longo.entender'), action: here } },
    { type: 'status-pill', tone: 'warning', text: t('longo.pill') },
    { type: 'timeline', label: t('longo.linha', partner), steps: [{ title: t('longo.vendedor'), status: 'done', statusText: t('linha.concluido'), when: t('linha.quando') }, { title: t('longo.vistoria'), status: 'error', statusText: t('linha.nao-concluido'), text: long() }] },
    { type: 'button', label: t('longo.botao'), variant: 'primary', action: here },
    h(t('secao.formulario')),
    {
      type: 'form',
      id: `${key}-form`,
      schema: { type: 'object', properties: { documento: { type: 'string', title: t('formulario.documento') }, cep: { type: 'string', title: t('formulario.cep') } } },
      formData: { documento: '66115750903', cep: '0131' },
      formats: { documento: 'cpf-cnpj', cep: 'cep' },
      errors: { cep: t('formulario.cep-invalido') },
      submit: { label: t('formulario.enviar'), action: { type: 'submit', action: 'ops/galeria-exemplo' } },
    },
  ];
}

function contrastTable(p: GalleryPartner): ComponentNode {
  return {
    type: 'table',
    caption: t(p.rejected ? 'contraste.recusado' : 'contraste', { parceiro: p.name }),
    columns: [t('contraste.texto'), t('contraste.fundo'), t('contraste.razao'), t('contraste.aa')],
    rows: p.report.map((c) => [TOKEN_NAMES[c.foreground], TOKEN_NAMES[c.background], `${formatDecimal(c.ratio, 2)}:1`, t(c.ok ? 'contraste.passa' : 'contraste.falha')]),
  };
}

/** What the gallery draws in one partner's theme: its contrast report, then every sample. */
export function gallerySamples(p: GalleryPartner): ComponentNode[] {
  return [contrastTable(p), ...samples(p)];
}
