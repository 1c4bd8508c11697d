import type { ComponentNode } from '../../../../screens/contract/components.js';
import type { CardSet, DecisionTable, FlowDefinition, Vocabulary, Wizard } from '../../../../screens/contract/flows.js';
import type { Report } from '../../flows/analyse.js';
import { formatReport } from '../../flows/analyse.js';
import type { FlowVersionSummary } from '../../storage/flow-store.js';
import { showOutcome, type PreviewPersona, type PreviewRow } from './preview.js';
import type { StaffSession } from './staff-sessions.js';
import { canPublish } from './staff.js';
import { previewNode, type ScreenPreview } from './screen-preview.js';
import { formatDateTime } from '../../domain/clock.js';
import type { OpsRequest } from '../../storage/ops-requests.js';

/** The console's pages, drawn by the customers' renderer from ordinary screen documents. */

const heading = (text: string, level: 1 | 2 | 3 = 1): ComponentNode => ({ type: 'heading', text, level });
const text = (t: string, tone?: 'neutral' | 'info' | 'success' | 'warning' | 'danger'): ComponentNode => (tone ? { type: 'text', text: t, tone } : { type: 'text', text: t });
const go = (label: string, to: string, variant: 'primary' | 'secondary' | 'link' = 'secondary'): ComponentNode => ({ type: 'button', label, variant, action: { type: 'navigate', to } });

const KIND_LABEL: Record<FlowDefinition['kind'], string> = { 'decision-table': 'Tabela de decisão', cards: 'Cards', wizard: 'Assistente' };

function cell(value: unknown): string {
  if (value === undefined || value === '*') return 'qualquer';
  if (Array.isArray(value)) return value.map((v) => (v === null ? 'vazio' : String(v))).join(', ');
  return value === null ? 'vazio' : String(value);
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

export function staffBar(staff: StaffSession): ComponentNode[] {
  return [
    text(`${staff.login} · ${staff.role === 'approver' ? 'pode publicar e aprovar' : canPublish(staff.role) ? 'pode publicar' : 'somente leitura'}`, 'info'),
    { type: 'button', label: 'Sair do console', variant: 'link', action: { type: 'submit', action: 'ops/logout' } },
  ];
}

export function overviewScreen(staff: StaffSession, version: number, definitions: FlowDefinition[]): ComponentNode[] {
  return [
    heading('Console de operações'),
    ...staffBar(staff),
    { type: 'value', label: 'Versão em serviço', text: `v${version}`, emphasis: true },
    go('Histórico de versões', '/ops/historico'),
    go('Pedidos de publicação', '/ops/pedidos'),
    go('Galeria de componentes', '/ops/galeria'),
    go('Textos', '/ops/textos'),
    go('Temas dos parceiros', '/ops/temas'),
    go('Análise dos fluxos', '/ops/analise'),
    {
      type: 'list',
      label: 'Definições',
      items: definitions.map((d) => ({
        type: 'card',
        id: `def-${d.id}`,
        title: d.title,
        subtitle: `${KIND_LABEL[d.kind]} · ${d.id}`,
        items: [text(d.source)],
        action: { label: 'Ver', action: { type: 'navigate', to: `/ops/definicoes/${d.id}` } },
      })),
    },
  ];
}

export function definitionTable(definition: FlowDefinition, caption: string): ComponentNode {
  if (definition.kind === 'decision-table') return decisionTable(definition, caption);
  if (definition.kind === 'cards') return cardsTable(definition, caption);
  return wizardTable(definition, caption);
}

function decisionTable(table: DecisionTable, caption: string): ComponentNode {
  const names = table.inputs.map((i) => i.name);
  const rows = table.rows.map((row, i) => [String(i + 1), ...names.map((n) => cell(row.when[n])), row.if ? JSON.stringify(row.if) : '', showOutcome(row.then), row.note ?? '']);
  const defaultNote = [table.default.note, table.default.covers.length ? `cobre: ${cell(table.default.covers)}` : ''].filter(Boolean).join(' — ');
  rows.push(['padrão', ...names.map(() => 'qualquer'), '', showOutcome(table.default.then), defaultNote]);
  return { type: 'table', caption, columns: ['#', ...names, 'condição', 'resultado', 'nota'], rows };
}

function cardsTable(set: CardSet, caption: string): ComponentNode {
  return { type: 'table', caption, columns: ['id', 'título', 'texto', 'rótulo', 'destino'], rows: set.cards.map((c) => [c.id, c.title, c.text, c.label, c.target]) };
}

function wizardTable(wizard: Wizard, caption: string): ComponentNode {
  return { type: 'table', caption, columns: ['#', 'passo', 'rótulo', 'disponível quando'], rows: wizard.steps.map((s, i) => [String(i + 1), s.id, s.label, s.available ? JSON.stringify(s.available) : 'sempre']) };
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
    uiSchema: { cards: { 'ui:options': { orderable: true, addable: true, removable: true }, items: { text: { 'ui:widget': 'textarea' } } } },
    formData: { cards: set.cards },
    submit: { label: 'Revisar alterações', action: { type: 'submit', action: 'ops/cards', payload: { id: set.id }, loadingMessage: 'Analisando...' } },
  };
}

export function definitionScreen(staff: StaffSession, definition: FlowDefinition, version: number, editor: ComponentNode | null): ComponentNode[] {
  const nodes: ComponentNode[] = [
    heading(definition.title),
    ...staffBar(staff),
    text(`${KIND_LABEL[definition.kind]} · ${definition.source} · em serviço na v${version}`),
    definitionTable(definition, `${definition.id} (publicada)`),
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
  nodes.push(go('Voltar às definições', '/ops', 'link'));
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
  const nodes: ComponentNode[] = [heading('Revisar alterações'), ...staffBar(staff)];
  if (input.baseVersion !== input.currentVersion) {
    nodes.push({ type: 'banner', tone: 'warning', text: `Este rascunho foi feito sobre a v${input.baseVersion}, mas a versão em serviço agora é a v${input.currentVersion}. Publicar será recusado; edite de novo a partir da versão atual.` });
  }
  nodes.push(heading('Relatório do analisador', 2), text(formatReport(report), report.ok ? 'success' : 'danger'));
  nodes.push(heading('Diferenças para a versão em serviço', 2), text(input.diff));
  if (input.definition) nodes.push(definitionTable(input.definition, `${input.definition.id} (rascunho)`));
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
    ...staffBar(staff),
    go('Voltar às definições', '/ops', 'link'),
    { type: 'button', label: 'Exportar auditoria (CSV)', variant: 'secondary', action: { type: 'download', href: '/api/ops/auditoria.csv', filename: 'auditoria-console.csv' } },
    {
      type: 'list',
      label: 'Versões',
      items: history.map((v) => ({
        type: 'card',
        id: `versao-${v.version}`,
        title: `v${v.version}${v.version === current ? ' (em serviço)' : ''} — ${v.comment}`,
        subtitle: `${v.author} · ${new Date(v.createdAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })} · ${v.source}`,
        items: [text(v.diff), ...(figures.get(v.version) ?? []).map((link) => go(link.label, link.to, 'link'))],
        ...(canPublish(staff.role) && v.version !== current
          ? { action: { label: `Voltar para a v${v.version}`, action: { type: 'submit' as const, action: 'ops/rollback', payload: { versao: v.version, base: current }, loadingMessage: 'Publicando...' } } }
          : {}),
      })),
    },
  ];
}

const STATUS_LABEL: Record<OpsRequest['status'], string> = {
  pending: 'pendente',
  running: 'publicando',
  done: 'publicado',
  refused: 'recusado',
  cancelled: 'cancelado',
};

/** Publishes waiting for a second person or for their date and time, and what became of the earlier ones. */
export function requestsScreen(staff: StaffSession, requests: OpsRequest[], requireApproval: boolean): ComponentNode[] {
  return [
    heading('Pedidos de publicação'),
    ...staffBar(staff),
    text(requireApproval ? 'Cada publicação precisa da aprovação de uma segunda pessoa (perfil de aprovação).' : 'Publicações agendadas (horário de Brasília).'),
    go('Voltar às definições', '/ops', 'link'),
    {
      type: 'list',
      label: 'Pedidos',
      emptyText: 'Nenhum pedido.',
      items: requests.map((r): ComponentNode => {
        const mayApprove = staff.role === 'approver' && r.status === 'pending' && !r.approvedBy && r.author !== staff.login;
        const mayCancel = r.status === 'pending' && (r.author === staff.login || staff.role === 'approver');
        const facts = [
          `${r.author} · ${formatDateTime(r.createdAt)}`,
          r.runAt ? `agendado para ${formatDateTime(r.runAt)} (Brasília)` : 'publicar assim que aprovado',
          r.approvedBy ? `aprovado por ${r.approvedBy}` : requireApproval ? 'aguardando aprovação' : '',
          `${STATUS_LABEL[r.status]}${r.outcome ? `: ${r.outcome}` : ''}`,
        ].filter(Boolean);
        return {
          type: 'card',
          id: `pedido-${r.id}`,
          title: `#${r.id} — ${r.comment}`,
          subtitle: facts.join(' · '),
          items: [
            text(r.diff),
            ...(mayCancel ? [{ type: 'button', label: `Cancelar o pedido #${r.id}`, variant: 'link', action: { type: 'submit', action: 'ops/cancelar', payload: { pedido: r.id } } } satisfies ComponentNode] : []),
          ],
          ...(mayApprove ? { action: { label: `Aprovar o pedido #${r.id}`, action: { type: 'submit' as const, action: 'ops/aprovar', payload: { pedido: r.id }, loadingMessage: 'Publicando...' } } } : {}),
        };
      }),
    },
  ];
}
