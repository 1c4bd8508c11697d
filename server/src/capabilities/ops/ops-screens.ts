import type { ComponentNode } from '../../../../screens/contract/components.js';
import type { CardSet, DecisionTable, FlowDefinition, Vocabulary, Wizard } from '../../../../screens/contract/flows.js';
import type { Report } from '../../composition/flows/analyse.js';
import { formatReport } from '../../composition/flows/analyse.js';
import type { FlowVersionSummary } from '../../storage/flow-store.js';
import { type PreviewPersona, type PreviewRow } from './preview.js';
import type { StaffSession } from './staff-sessions.js';
import { canPublish } from './staff.js';
import { previewNode, type ScreenPreview } from './screen-preview.js';
import { formatDateTime } from '../../domain/format.js';
import type { OpsRequest } from '../../storage/ops-requests.js';
import { describeCondition, inputLabel, outputLabel, valueLabel } from './labels.js';
import { SOURCE_LABEL, requestState, versionAuthor } from './records.js';

/**
 * The console's pages, drawn by the customers' renderer from ordinary screen documents. Each
 * function returns a page's own content; the console's frame (staff member, sections) is added
 * around it by consoleFrame.
 */

const go = (label: string, to: string, variant: 'primary' | 'secondary' | 'link' = 'secondary'): ComponentNode => ({ type: 'button', label, variant, action: { type: 'navigate', to } });
const heading = (text: string, level: 1 | 2 | 3 = 1): ComponentNode => ({ type: 'heading', text, level });
const text = (t: string, tone?: 'neutral' | 'info' | 'success' | 'warning' | 'danger'): ComponentNode => (tone ? { type: 'text', text: t, tone } : { type: 'text', text: t });

export const KIND_LABEL: Record<FlowDefinition['kind'], string> = { 'decision-table': 'Tabela de decisão', cards: 'Cards', wizard: 'Assistente' };

/** A decision-table cell: "qualquer" for any value, the values in words otherwise. */
function cell(value: unknown, list?: string): string {
  if (value === undefined || value === '*') return 'qualquer';
  if (Array.isArray(value)) return value.map((v) => valueLabel(v, list)).join(', ');
  return valueLabel(value, list);
}

export function loginScreen(): ComponentNode[] {
  return [
    heading('Console de operações'),
    text('Acesso restrito à equipe de operações. Use as credenciais da equipe, não as de um cliente.'),
    {
      type: 'form',
      id: 'ops-login',
      schema: {
        type: 'object',
        required: ['login', 'senha'],
        properties: { login: { type: 'string', title: 'Usuário', maxLength: 64 }, senha: { type: 'string', title: 'Senha', maxLength: 128 } },
      },
      uiSchema: { login: { 'ui:autocomplete': 'username' }, senha: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' } },
      formData: {},
      submit: { label: 'Entrar', action: { type: 'submit', action: 'ops/login', loadingMessage: 'Enviando...' } },
    },
  ];
}

/**
 * The version that last changed each definition file (`<id>.json`), read from the history's diffs:
 * a version's diff names the files it changes ("~ refund-screen.json.rows[1].then: …"); the initial
 * version ("(versão inicial)") stands for every file (key `*`).
 */
export function lastChanges(history: readonly FlowVersionSummary[]): Map<string, FlowVersionSummary> {
  const last = new Map<string, FlowVersionSummary>();
  for (const v of [...history].sort((a, b) => a.version - b.version)) {
    const files = [...v.diff.matchAll(/^[~+-] ([a-z0-9-]+\.json)/gm)].map((m) => m[1]!);
    if (files.length) for (const f of files) last.set(f, v);
    else if (v.diff === '(versão inicial)') {
      last.clear();
      last.set('*', v);
    }
  }
  return last;
}

function lastChangeOf(changes: Map<string, FlowVersionSummary>, id: string): FlowVersionSummary | undefined {
  return changes.get(`${id}.json`) ?? changes.get('*');
}

const changeText = (v: FlowVersionSummary) => `${formatDateTime(v.createdAt)} · ${versionAuthor(v)}`;

export function overviewScreen(version: number, definitions: FlowDefinition[], history: readonly FlowVersionSummary[]): ComponentNode[] {
  const changes = lastChanges(history);
  return [
    heading('Definições de fluxo'),
    { type: 'value', label: 'Versão em serviço', text: `v${version}`, emphasis: true },
    text('Cada definição decide uma parte do que os clientes veem. Abra uma para ler a tabela, editá-la e revisar antes de publicar.'),
    {
      type: 'data-table',
      id: 'definicoes',
      caption: `Definições em serviço na v${version}`,
      columns: ['Nome', 'Tipo', 'Fonte na especificação', 'Versão', 'Última alteração'],
      rows: definitions.map((d) => {
        const change = lastChangeOf(changes, d.id);
        return {
          id: `def-${d.id}`,
          cells: [d.title, KIND_LABEL[d.kind], d.source, change ? `v${change.version}` : `v${version}`, change ? changeText(change) : 'sem registro'],
          keywords: d.id,
          action: { type: 'navigate' as const, to: `/ops/definicoes/${d.id}` },
        };
      }),
      search: {
        label: 'Buscar definição',
        placeholder: 'Nome, tipo, fonte ou identificador',
        countText: '{shown} de {total} definições',
        emptyText: 'Nenhuma definição encontrada. Tente outra palavra.',
      },
    },
  ];
}

export function definitionTable(definition: FlowDefinition, caption: string): ComponentNode {
  if (definition.kind === 'decision-table') return decisionTable(definition, caption);
  if (definition.kind === 'cards') return cardsTable(definition, caption);
  return wizardTable(definition, caption);
}

function decisionTable(table: DecisionTable, caption: string): ComponentNode {
  const inputs = table.inputs;
  const fields = table.output.fields ? Object.entries(table.output.fields) : null;
  const withCondition = table.rows.some((r) => r.if !== undefined);
  const result = (then: unknown): string[] =>
    fields ? fields.map(([field, kind]) => valueLabel(then && typeof then === 'object' ? (then as Record<string, unknown>)[field] : null, kind)) : [valueLabel(then, table.output.kind === 'guard-outcome' ? 'guardOutcome' : undefined)];
  const rows = table.rows.map((row, i) => [
    String(i + 1),
    ...inputs.map((input) => cell(row.when[input.name], input.enum)),
    ...(withCondition ? [row.if ? describeCondition(row.if as never) : 'sempre'] : []),
    ...result(row.then),
    row.note ?? '',
  ]);
  const defaultNote = [table.default.note, table.default.covers.length ? `cobre: ${cell(table.default.covers)}` : ''].filter(Boolean).join(' — ');
  rows.push(['padrão', ...inputs.map(() => 'qualquer'), ...(withCondition ? ['sempre'] : []), ...result(table.default.then), defaultNote]);
  return {
    type: 'table',
    caption,
    columns: ['#', ...inputs.map((i) => inputLabel(i.name)), ...(withCondition ? ['Condição'] : []), ...(fields ? fields.map(([f]) => outputLabel(f, table.output.kind)) : [outputLabel(null, table.output.kind)]), 'Nota'],
    rows,
  };
}

function cardsTable(set: CardSet, caption: string): ComponentNode {
  return { type: 'table', caption, columns: ['Card', 'Título', 'Texto', 'Rótulo do botão', 'Destino'], rows: set.cards.map((c) => [c.id, c.title, c.text, c.label, c.target]) };
}

function wizardTable(wizard: Wizard, caption: string): ComponentNode {
  const routed = wizard.steps.some((s) => s.route !== undefined);
  return {
    type: 'table',
    caption,
    columns: ['#', 'Passo', 'Identificador', ...(routed ? ['Rota'] : []), 'Vale quando'],
    rows: wizard.steps.map((s, i) => [String(i + 1), s.label, s.id, ...(routed ? [s.route ?? 'nenhuma'] : []), s.available ? describeCondition(s.available as never) : 'sempre']),
  };
}

/** A card set edited field by field: label and target are pick lists of the spec's lists; cards added, removed, moved. */
export function cardSetForm(set: CardSet, vocabulary: Vocabulary): ComponentNode {
  const text = (title: string) => ({ type: 'string', title, minLength: 1 });
  return {
    type: 'form',
    id: 'ops-editar-cards',
    schema: {
      type: 'object',
      properties: {
        cards: {
          type: 'array',
          title: 'Cards',
          minItems: 1,
          items: {
            type: 'object',
            required: ['id', 'title', 'text', 'label', 'target'],
            properties: {
              id: { ...text('Id do card'), pattern: '^[a-z0-9-]+$' },
              title: text('Título'),
              text: text('Texto'),
              label: { type: 'string', title: 'Rótulo do botão', enum: vocabulary.cardLabels },
              target: { type: 'string', title: 'Destino', enum: vocabulary.cardTargets },
            },
          },
        },
      },
    },
    uiSchema: { cards: { 'ui:options': { orderable: true, addable: true, removable: true }, items: { 'ui:options': { itemLabel: 'card' }, text: { 'ui:widget': 'textarea' } } } },
    formData: { cards: set.cards },
    submit: { label: 'Revisar alterações', action: { type: 'submit', action: 'ops/cards', payload: { id: set.id }, loadingMessage: 'Analisando...' } },
  };
}

export function definitionScreen(staff: StaffSession, definition: FlowDefinition, version: number, lastChange: FlowVersionSummary | undefined, editor: ComponentNode | null): ComponentNode[] {
  const nodes: ComponentNode[] = [
    heading(definition.title),
    {
      type: 'key-value',
      rows: [
        { label: 'Tipo', text: KIND_LABEL[definition.kind] },
        { label: 'Fonte na especificação', text: definition.source },
        { label: 'Em serviço na', text: `v${version}` },
        ...(lastChange ? [{ label: 'Última alteração', text: `v${lastChange.version} · ${changeText(lastChange)}` }] : []),
        { label: 'Identificador', text: definition.id },
      ],
    },
    definitionTable(definition, `${definition.title} (publicada)`),
  ];
  if (canPublish(staff.role) && editor?.type === 'form') {
    nodes.push(heading('Editar', 2), text('Rótulos e destinos vêm das listas da especificação; o analisador confere o conjunto antes da revisão.'), editor);
  } else if (canPublish(staff.role) && editor) {
    nodes.push(
      heading('Editar', 2),
      text(
        editor.type === 'table-editor' && editor.mode === 'wizard'
          ? 'Escolha o passo e quando ele vale nas listas; rótulos e textos são livres. O analisador confere o assistente enquanto você edita e marca o passo com problema. Antes de publicar você verá as diferenças e a tela de cada persona.'
          : 'Escolha os valores de cada célula nas listas; o analisador confere a tabela enquanto você edita e marca a linha com problema. Antes de publicar você verá as diferenças e a tela de cada persona.',
      ),
      editor,
    );
  } else if (canPublish(staff.role)) {
    nodes.push(heading('Editar', 2), text('Altere o JSON da definição. Antes de publicar você verá o relatório do analisador, as diferenças e a pré-visualização por persona.'));
    nodes.push({
      type: 'form',
      id: 'ops-editar',
      schema: { type: 'object', required: ['conteudo'], properties: { conteudo: { type: 'string', title: 'Definição (JSON)', maxLength: 200_000 } } },
      uiSchema: { conteudo: { 'ui:widget': 'textarea', 'ui:options': { rows: 24 } } },
      formData: { conteudo: JSON.stringify(definition, null, 2) },
      submit: { label: 'Revisar alterações', action: { type: 'submit', action: 'ops/draft', payload: { id: definition.id }, loadingMessage: 'Analisando...' } },
    });
  }
  return nodes;
}

export function reviewScreen(input: {
  staff: StaffSession;
  definition: FlowDefinition | null;
  report: Report;
  diff: string;
  baseVersion: number;
  currentVersion: number;
  personas: PreviewPersona[];
  persona: string | null;
  preview: PreviewRow[] | string | null;
  screens: ScreenPreview | string | null;
  /** The current figures of the steps the draft changes (the analysis page's tables). */
  figures?: ComponentNode[];
}): ComponentNode[] {
  const { staff, report } = input;
  const nodes: ComponentNode[] = [heading('Revisar alterações')];
  if (input.baseVersion !== input.currentVersion) {
    nodes.push({ type: 'banner', tone: 'warning', text: `Este rascunho foi feito sobre a v${input.baseVersion}, mas a versão em serviço agora é a v${input.currentVersion}. Publicar será recusado; edite de novo a partir da versão atual.` });
  }
  nodes.push(heading('Relatório do analisador', 2), text(formatReport(report), report.ok ? 'success' : 'danger'));
  nodes.push(heading('Diferenças para a versão em serviço', 2), text(input.diff));
  if (input.definition) nodes.push(definitionTable(input.definition, `${input.definition.title} (rascunho)`));
  nodes.push(...(input.figures ?? []));

  nodes.push(heading('Pré-visualizar por persona', 2));
  if (input.personas.length === 0) nodes.push(text('Sem personas do sandbox configuradas (OPS_PREVIEW_PERSONAS).'));
  else {
    nodes.push(text('Escolha uma persona do sandbox para ver o que cada decisão mostra a ela hoje, publicada e no rascunho.'));
    nodes.push({
      type: 'list',
      label: 'Personas',
      items: input.personas.map((p) => ({ type: 'button', id: `persona-${p.key}`, label: p.key, variant: p.key === input.persona ? 'primary' : 'link', action: { type: 'navigate', to: `/ops/rascunho?persona=${p.key}` } })),
    });
  }
  if (typeof input.screens === 'string') nodes.push(text(input.screens, 'danger'));
  else if (input.screens) {
    const { published, draft, route } = input.screens;
    nodes.push(
      heading(`O que ${input.persona} vê ao abrir ${route}`, 3),
      text(published.route === draft.route ? `A tela continua ${draft.route}.` : `A tela muda: ${published.route} → ${draft.route}.`, published.route === draft.route ? 'neutral' : 'warning'),
      {
        type: 'list',
        label: 'Publicada e rascunho lado a lado',
        items: [previewNode('tela-publicada', `Publicada: ${published.route}`, published), previewNode('tela-rascunho', `Rascunho: ${draft.route}`, draft)],
      },
    );
  }
  if (typeof input.preview === 'string') nodes.push(text(input.preview, 'danger'));
  else if (input.preview) {
    nodes.push({
      type: 'table',
      caption: `Decisões para ${input.persona}`,
      columns: ['cota', 'decisão', 'entradas', 'publicada', 'rascunho'],
      rows: input.preview.map((r) => [r.quota, r.decision, r.inputs, r.published, r.draft === r.published ? r.draft : `${r.draft} (muda)`]),
    });
  }

  if (canPublish(staff.role) && report.ok) {
    nodes.push(heading('Publicar', 2), {
      type: 'form',
      id: 'ops-publicar',
      schema: {
        type: 'object',
        required: ['comentario'],
        properties: {
          comentario: { type: 'string', title: 'Comentário da publicação', maxLength: 500, errorMessage: 'Campo obrigatório' },
          agendar: { type: 'string', title: 'Publicar em (data e hora de Brasília; vazio publica agora)', maxLength: 20 },
        },
      },
      uiSchema: { agendar: { 'ui:placeholder': 'AAAA-MM-DD HH:MM' } },
      formData: {},
      submit: { label: 'Publicar', action: { type: 'submit', action: 'ops/publish', loadingMessage: 'Publicando...' } },
    });
  }
  nodes.push({ type: 'button', label: 'Descartar rascunho', variant: 'secondary', action: { type: 'submit', action: 'ops/discard' } });
  return nodes;
}

/**
 * `figures`: by version, links to the figures of the flows whose definitions that version
 * published, counted since (the analysis page limited to that version of the definition).
 */
export function historyScreen(staff: StaffSession, history: FlowVersionSummary[], current: number, figures: ReadonlyMap<number, ReadonlyArray<{ label: string; to: string }>> = new Map()): ComponentNode[] {
  return [
    heading('Histórico de versões'),
    { type: 'button', label: 'Exportar auditoria (CSV)', variant: 'secondary', action: { type: 'download', href: '/api/ops/auditoria.csv', filename: 'auditoria-console.csv' } },
    {
      type: 'list',
      label: 'Versões',
      items: history.map((v) => ({
        type: 'card',
        id: `versao-${v.version}`,
        title: `v${v.version}${v.version === current ? ' (em serviço)' : ''} — ${v.comment}`,
        subtitle: [versionAuthor(v), v.approvedBy ? `aprovado por ${v.approvedBy}` : '', formatDateTime(v.createdAt), SOURCE_LABEL[v.source]].filter(Boolean).join(' · '),
        items: [text(v.diff), ...(figures.get(v.version) ?? []).map((link) => go(link.label, link.to, 'link'))],
        ...(canPublish(staff.role) && v.version !== current
          ? { action: { label: `Voltar para a v${v.version}`, action: { type: 'submit' as const, action: 'ops/rollback', payload: { versao: v.version, base: current }, loadingMessage: 'Publicando...' } } }
          : {}),
      })),
    },
  ];
}

/** Publishes waiting for a second person or for their date and time, and what became of the earlier ones. */
export function requestsScreen(staff: StaffSession, requests: OpsRequest[], requireApproval: boolean): ComponentNode[] {
  return [
    heading('Pedidos de publicação'),
    text(requireApproval ? 'Cada publicação precisa da aprovação de uma segunda pessoa (perfil de aprovação).' : 'Publicações agendadas (horário de Brasília).'),
    {
      type: 'list',
      label: 'Pedidos',
      emptyText: 'Nenhum pedido.',
      items: requests.map((r): ComponentNode => {
        const mayApprove = staff.role === 'approver' && r.status === 'pending' && !r.approvedBy && r.author !== staff.login;
        const mayCancel = r.status === 'pending' && (r.author === staff.login || staff.role === 'approver');
        const state = requestState(r, requireApproval);
        const facts = [
          `${r.author} · ${formatDateTime(r.createdAt)}`,
          r.runAt ? `agendado para ${formatDateTime(r.runAt)} (Brasília)` : '',
          r.approvedBy ? `aprovado por ${r.approvedBy}` : '',
        ].filter(Boolean);
        return {
          type: 'card',
          id: `pedido-${r.id}`,
          title: `#${r.id} — ${r.comment}`,
          subtitle: facts.join(' · '),
          items: [
            { type: 'status-pill', tone: state.tone, text: state.text },
            text(r.diff),
            ...(mayCancel ? [{ type: 'button', label: `Cancelar o pedido #${r.id}`, variant: 'link', action: { type: 'submit', action: 'ops/cancelar', payload: { pedido: r.id } } } satisfies ComponentNode] : []),
          ],
          ...(mayApprove ? { action: { label: `Aprovar o pedido #${r.id}`, action: { type: 'submit' as const, action: 'ops/aprovar', payload: { pedido: r.id }, loadingMessage: 'Publicando...' } } } : {}),
        };
      }),
    },
  ];
}
