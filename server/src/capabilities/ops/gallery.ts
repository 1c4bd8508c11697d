import type { ComponentNode, ComponentOf } from '../../../../screens/contract/components.js';
import type { ThemeTokens } from '../../../../screens/contract/screen.js';
import { TOKEN_NAMES, type ContrastCheck } from '../../composition/theme.js';
import { formatDecimal } from '../../domain/format.js';

/**
 * The component gallery of the operations console (/ops/galeria): every component in every
 * state, once per partner, each in that partner's theme, side by side, with the theme's WCAG AA
 * contrast report. Its buttons lead back here; its form answers an example message.
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
const TONE_LABEL: Record<(typeof TONES)[number], string> = { neutral: 'Neutro', info: 'Informação', success: 'Sucesso', warning: 'Atenção', danger: 'Erro' };
const here = { type: 'navigate', to: '/ops/galeria' } as const;
const h = (text: string): ComponentNode => ({ type: 'heading', text, level: 3 });

/** Long enough to wrap on a phone: how the components break lines. */
const LONG = 'A parcela paga depois do vencimento é cobrada com multa de 2% e juros de 1% ao mês, calculados dia a dia até a data do pagamento, no boleto da próxima parcela.';
/** The states of a sent document: approved, in analysis, refused with its reason, not sent yet. */
const UPLOADS: Array<[string, 'success' | 'info' | 'danger' | 'neutral', string, string?]> = [
  ['RG ou CNH (frente e verso)', 'success', 'Aprovado'],
  ['Comprovante de residência', 'info', 'Em análise'],
  ['Extrato bancário', 'danger', 'Recusado', 'Documento ilegível: envie uma foto nítida, sem cortes.'],
  ['Comprovante de renda', 'neutral', 'Aguardando envio'],
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
    ...(messages.length === 0 ? { suggestions: ['Qual é o vencimento do meu boleto?', 'Como ofertar um lance?'], suggestionsLabel: 'Sugestões de perguntas' } : {}),
    composer: { label: 'Sua pergunta', placeholder: 'Escreva sua pergunta', sendLabel: 'Enviar pergunta', maxLength: 500 },
    typingText: 'O assistente está escrevendo…',
    send: { action: 'ops/galeria-exemplo' },
    feedback: { action: 'ops/galeria-exemplo', positiveLabel: 'Resposta útil', negativeLabel: 'Resposta não ajudou', sentText: 'Obrigado pela avaliação.' },
    failure: { text: 'Não foi possível responder agora.', retryLabel: 'Tentar de novo' },
  };
}

function samples(p: GalleryPartner): ComponentNode[] {
  const key = `p${p.id}`;
  return [
    h('Textos e valores'),
    { type: 'heading', text: 'Olá, Ana', level: 2 },
    ...TONES.map((tone): ComponentNode => ({ type: 'text', tone, text: `Texto em tom ${TONE_LABEL[tone].toLowerCase()}` })),
    { type: 'card', title: 'Grupo 001234 · Cota 0567', subtitle: 'Automóvel', items: [{ type: 'value', label: 'Crédito', text: 'R$ 85.000,00', emphasis: true }, { type: 'value', label: 'Saldo devedor', text: 'R$ 61.204,18' }], action: { label: 'Ver detalhes', action: here } },
    { type: 'key-value', rows: [{ label: 'Banco', text: '341' }, { label: 'Agência', text: '1234' }] },
    h('Botões'),
    { type: 'button', label: 'Principal', variant: 'primary', action: here },
    { type: 'button', label: 'Secundário', variant: 'secondary', action: here },
    { type: 'button', label: 'Link', variant: 'link', action: here },
    { type: 'button', label: 'Indisponível', variant: 'primary', action: here, countdown: { until: '2999-01-01T00:00:00Z', label: 'Aguarde {segundos} s' } },
    h('Avisos e situações'),
    ...TONES.filter((t) => t !== 'neutral').map((tone): ComponentNode => ({ type: 'banner', tone, text: `Aviso: ${TONE_LABEL[tone]}` })),
    { type: 'list', label: 'Situações', items: TONES.map((tone): ComponentNode => ({ type: 'status-pill', tone, text: TONE_LABEL[tone] })) },
    h('Filtros'),
    { type: 'chips', id: `${key}-chips`, label: `Filtros (${p.name})`, options: [{ label: 'Todos', selected: true, action: here }, { label: 'A vencer', selected: false, action: here }, { label: 'Vencidos', selected: false, action: here }] },
    h('Resumo'),
    { type: 'summary', title: 'Próximo boleto', figure: 'R$ 1.234,56', caption: 'Vencimento em 10/12/2026', status: { tone: 'info', text: 'A vencer' }, action: { label: 'Gerar boleto', action: here }, secondaryAction: { label: 'Ver boletos', action: here } },
    { type: 'summary', title: 'Parcela em atraso', figure: 'R$ 987,00', status: { tone: 'danger', text: 'Vencida' } },
    h('Linha do tempo'),
    {
      type: 'timeline',
      label: `Acompanhar pagamento (${p.name})`,
      steps: [
        { title: 'Pagamento solicitado', status: 'done', statusText: 'Concluído', when: '01/12/2026 às 10:00' },
        { title: 'Pagamento liberado', status: 'current', statusText: 'Em andamento' },
        { title: 'Pagamento enviado ao banco', status: 'todo', statusText: 'Pendente' },
        { title: 'Pagamento estornado pelo banco', status: 'error', statusText: 'Não concluído', text: 'Confira os dados bancários.' },
      ],
    },
    { type: 'stepper', steps: [{ label: 'Tipo', state: 'done' }, { label: 'Valor', state: 'current' }, { label: 'Resumo', state: 'todo' }] },
    h('Atalhos e navegação'),
    { type: 'shortcuts', label: `Atalhos (${p.name})`, links: [{ label: 'Boletos', icon: 'receipt', action: here }, { label: 'Lances', icon: 'gavel', action: here }, { label: 'Ajuda', icon: 'circle-help', action: here }] },
    { type: 'bottom-nav', label: `Navegação (${p.name})`, links: [{ label: 'Início', icon: 'house', current: true, action: here }, { label: 'Boletos', icon: 'receipt', action: here }, { label: 'Perfil', icon: 'user', action: here }] },
    h('Vazio e carregando'),
    { type: 'empty-state', title: 'Nenhuma parcela aqui', text: 'Quando houver parcelas em aberto, elas aparecem aqui.', action: { label: 'Voltar', action: here } },
    { type: 'skeleton', label: 'Carregando exemplo', variant: 'card' },
    h('Tabelas'),
    { type: 'table', caption: `Parcelas (${p.name})`, columns: ['Parcela', 'Vencimento', 'Valor', 'Situação'], rows: [['12', '10/12/2026', 'R$ 1.234,56', 'A vencer'], ['11', '10/11/2026', 'R$ 1.234,56', 'Paga'], ['10', '10/10/2026', 'R$ 1.198,02', 'Vencida há 46 dias: pague até o próximo vencimento para não perder a participação nas assembleias']] },
    h('Documentos enviados'),
    { type: 'list', label: `Documentos enviados (${p.name})`, items: UPLOADS.map(([title, tone, status, text]): ComponentNode => ({ type: 'card', title, items: [{ type: 'status-pill', tone, text: status }, ...(text ? [{ type: 'text', text } as const] : [])] })) },
    { type: 'list', label: `Nenhum documento enviado (${p.name})`, emptyText: 'Nenhum documento enviado ainda.', items: [] },
    {
      // The upload list as a customer sees it after choosing files (each with "Remover"), one field refused, one still empty.
      type: 'form',
      id: `${key}-arquivos`,
      schema: {
        type: 'object',
        properties: {
          comprovantes: { type: 'array', title: 'Comprovantes de residência (PDF, até 6 MB)', items: { type: 'string', format: 'data-url' } },
          contrato: { type: 'array', title: 'Contrato social (PDF, até 6 MB)', items: { type: 'string', format: 'data-url' } },
          selfie: { type: 'string', format: 'data-url', title: 'Foto do rosto (JPG ou PNG)' },
        },
      },
      uiSchema: { comprovantes: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf' } }, contrato: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf' } }, selfie: { 'ui:options': { accept: '.jpg,.jpeg,.png' } } },
      formData: { comprovantes: [SAMPLE_PDF('conta-de-luz-outubro-2026.pdf'), SAMPLE_PDF('extrato-bancario-com-um-nome-de-arquivo-bem-comprido-2026.pdf')], contrato: [SAMPLE_PDF('contrato.pdf')] },
      errors: { contrato: 'Documento ilegível: envie uma cópia nítida, em PDF.' },
      submit: { label: 'Enviar arquivos de exemplo', action: { type: 'submit', action: 'ops/galeria-exemplo' } },
    },
    h('Conversa'),
    conversation(`${key}-conversa-vazia`, `Conversa vazia (${p.name})`, []),
    conversation(`${key}-conversa`, `Conversa com o assistente (${p.name})`, [
      { id: `${key}-m1`, role: 'user', author: 'Você', content: 'Qual é o vencimento do meu próximo boleto?' },
      { id: `${key}-m2`, role: 'assistant', author: 'Assistente', content: 'O próximo boleto da cota 0567 vence em 10/12/2026, no valor de R$ 1.234,56.', feedback: 'POSITIVE' },
      { id: `${key}-m3`, role: 'user', author: 'Você', content: 'E se eu pagar com atraso?' },
      { id: `${key}-m4`, role: 'assistant', author: 'Assistente', content: `${LONG} Procure o atendimento se precisar de outra data.`, feedback: 'DEFAULT' },
    ]),
    h('Textos longos'),
    { type: 'card', title: `Grupo 001234 · Cota 0567 · ${LONG}`, subtitle: 'Imóvel residencial, comercial ou terreno em qualquer cidade do Brasil', items: [{ type: 'value', label: 'Valor do crédito atualizado pela assembleia mais recente', text: 'R$ 1.234.567,89', emphasis: true }], action: { label: 'Ver os detalhes completos desta cota', action: here } },
    { type: 'banner', tone: 'warning', text: LONG, action: { label: 'Entender o que muda', action: here } },
    { type: 'status-pill', tone: 'warning', text: 'Aguardando análise dos documentos enviados' },
    { type: 'timeline', label: `Linha do tempo com textos longos (${p.name})`, steps: [{ title: 'Documentos do vendedor do veículo seminovo recebidos e conferidos', status: 'done', statusText: 'Concluído', when: '01/12/2026 às 10:00' }, { title: 'Vistoria do veículo', status: 'error', statusText: 'Não concluído', text: LONG }] },
    { type: 'button', label: 'Enviar os documentos e continuar para a conferência dos dados bancários', variant: 'primary', action: here },
    h('Formulário com erros'),
    {
      type: 'form',
      id: `${key}-form`,
      schema: { type: 'object', properties: { documento: { type: 'string', title: 'CPF ou CNPJ' }, cep: { type: 'string', title: 'CEP (00000-000)' } } },
      formData: { documento: '66115750903', cep: '0131' },
      formats: { documento: 'cpf-cnpj', cep: 'cep' },
      errors: { cep: 'CEP inválido.' },
      submit: { label: 'Enviar exemplo', action: { type: 'submit', action: 'ops/galeria-exemplo' } },
    },
  ];
}

function contrastTable(p: GalleryPartner): ComponentNode {
  return {
    type: 'table',
    caption: `Contraste WCAG AA · ${p.name}${p.rejected ? ' (tema recusado: desenhado com o tema padrão)' : ''}`,
    columns: ['Texto', 'Fundo', 'Razão', 'AA (4,5:1)'],
    rows: p.report.map((c) => [TOKEN_NAMES[c.foreground], TOKEN_NAMES[c.background], `${formatDecimal(c.ratio, 2)}:1`, c.ok ? 'passa' : 'falha']),
  };
}

/** What the gallery draws in one partner's theme: its contrast report, then every sample. */
export function gallerySamples(p: GalleryPartner): ComponentNode[] {
  return [contrastTable(p), ...samples(p)];
}
