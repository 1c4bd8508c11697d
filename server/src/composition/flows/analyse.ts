import { pathsOf } from '../../../../screens/contract/conditions.js';
import type { Cell, DecisionTable, FlowBundle, Outcome, ThemeDefinition, Vocabulary, Wizard } from '../../../../screens/contract/flows.js';
import { themeOf, themeProblems, TOKEN_NAMES } from '../theme.js';
import { formatDecimal, plural } from '../../domain/format.js';

/** What the analyser needs to know of the rest of the definitions. */
export interface AnalysisContext {
  /** Route paths of the route table (served screens). */
  servedRoutes: readonly string[];
  /** Screen names the route table points at. */
  routedScreens: readonly string[];
  /** Screen names that have a layout. */
  layouts: readonly string[];
  /** Screens drawn by the server itself, not through a route (e.g. the not-found screen). */
  systemScreens: readonly string[];
  /** The text keys each layout names (`@key`). */
  layoutTexts?: ReadonlyArray<{ screen: string; keys: readonly string[] }>;
  /** The texts shipped with the server: the code asks for every key, with these placeholders. */
  shippedTexts?: Readonly<Record<string, string>>;
  /** The step ids of each wizard the code implements (those shipped in screens/flows): a step outside them is refused. */
  wizardSteps?: Readonly<Record<string, readonly string[]>>;
}

export interface Finding {
  level: 'erro' | 'aviso';
  where: string;
  message: string;
  /** The definition it concerns, and in a decision table the row (1-based) or its default row: the console marks it there. */
  definition?: string;
  row?: number | 'default';
  /** The field of a texts or theme definition it concerns (a text key, a token). */
  field?: string;
}

export interface Report {
  ok: boolean;
  findings: Finding[];
}

type Scalar = string | number | boolean | null;

/** The values a cell allows, or 'any'. */
function cellValues(cell: Cell | undefined): Scalar[] | 'any' {
  if (cell === undefined || cell === '*') return 'any';
  return Array.isArray(cell) ? cell : [cell];
}

/** Whether every input combination `later` matches is matched by `earlier` too. */
function covers(earlier: Record<string, Cell>, later: Record<string, Cell>, table: DecisionTable, vocabulary: Vocabulary): boolean {
  return table.inputs.every(({ name, enum: enumName }) => {
    const a = cellValues(earlier[name]);
    if (a === 'any') return true;
    const b = cellValues(later[name]);
    const laterValues = b === 'any' ? (enumName ? vocabulary.enums[enumName] : undefined) : b;
    return laterValues !== undefined && laterValues.every((v) => a.includes(v));
  });
}

function outcomeTargets(outcome: Outcome): Array<[string | null, Scalar]> {
  if (outcome === null || typeof outcome === 'string') return [[null, outcome]];
  return Object.entries(outcome);
}

function analyseTable(table: DecisionTable, bundle: FlowBundle, ctx: AnalysisContext, cardIds: Set<string>, addAny: (f: Finding) => void): void {
  const where = `tabela ${table.id}`;
  // Every finding names this table and, read from its place, the row it concerns.
  const add = (f: Finding) => {
    const row = /, linha (\d+)$/.exec(f.where);
    const concerns = row ? Number(row[1]) : f.where.endsWith(', padrão') || f.message.includes('coberto pelo padrão') ? 'default' : undefined;
    addAny({ ...f, definition: table.id, ...(concerns === undefined ? {} : { row: concerns }) });
  };
  const { vocabulary } = bundle;
  const inputNames = new Set(table.inputs.map((i) => i.name));

  for (const input of table.inputs) {
    if (input.enum && !vocabulary.enums[input.enum]) add({ level: 'erro', where, message: `entrada "${input.name}": lista "${input.enum}" não existe no vocabulário` });
  }

  table.rows.forEach((row, index) => {
    const rowWhere = `${where}, linha ${index + 1}`;
    for (const [name, cell] of Object.entries(row.when)) {
      if (!inputNames.has(name)) {
        add({ level: 'erro', where: rowWhere, message: `entrada desconhecida "${name}"` });
        continue;
      }
      const enumName = table.inputs.find((i) => i.name === name)?.enum;
      const allowed = enumName ? vocabulary.enums[enumName] : undefined;
      const values = cellValues(cell);
      if (allowed && values !== 'any') {
        for (const v of values) if (!allowed.includes(v)) add({ level: 'erro', where: rowWhere, message: `valor ${JSON.stringify(v)} não pertence a "${enumName}"` });
      }
    }
    if (row.if !== undefined) {
      for (const path of pathsOf(row.if)) {
        if (!inputNames.has(path.split('.')[0]!)) add({ level: 'erro', where: rowWhere, message: `condição lê "${path}", que não é entrada da tabela` });
      }
    }
    // Shadowing: an earlier unconditional row already matches everything this one does.
    for (let earlier = 0; earlier < index; earlier++) {
      const previous = table.rows[earlier]!;
      if (previous.if === undefined && covers(previous.when, row.when, table, vocabulary)) {
        add({ level: 'erro', where: rowWhere, message: `linha nunca alcançada: a linha ${earlier + 1} já cobre todos os seus casos` });
        break;
      }
    }
  });

  // Exhaustive inputs: every value mapped by some row or listed in the default's covers.
  for (const input of table.inputs.filter((i) => i.exhaustive && i.enum)) {
    const values = vocabulary.enums[input.enum!] ?? [];
    const mapped = new Set<Scalar>(table.default.covers);
    for (const row of table.rows) {
      const cell = cellValues(row.when[input.name]);
      if (cell !== 'any') cell.forEach((v) => mapped.add(v));
    }
    for (const v of values) {
      if (!mapped.has(v)) add({ level: 'erro', where, message: `valor ${JSON.stringify(v)} de "${input.enum}" não está mapeado nem coberto pelo padrão` });
    }
    for (const v of table.default.covers) {
      if (!values.includes(v)) add({ level: 'erro', where: `${where}, padrão`, message: `"covers" cita ${JSON.stringify(v)}, que não pertence a "${input.enum}"` });
    }
  }

  // Targets.
  const outcomes: Array<[string, Outcome]> = [...table.rows.map((r, i): [string, Outcome] => [`${where}, linha ${i + 1}`, r.then]), [`${where}, padrão`, table.default.then]];
  for (const [place, outcome] of outcomes) {
    for (const [field, value] of outcomeTargets(outcome)) {
      if (value === null) continue;
      const kind = field === null ? table.output.kind : (table.output.fields?.[field] ?? 'desconhecido');
      checkTarget(kind, value, place, field, vocabulary, ctx, cardIds, add);
    }
  }
}

function checkTarget(kind: string, value: Scalar, place: string, field: string | null, vocabulary: Vocabulary, ctx: AnalysisContext, cardIds: Set<string>, add: (f: Finding) => void): void {
  const label = field ? `${field} ${JSON.stringify(value)}` : JSON.stringify(value);
  if (kind === 'screen' || kind === 'screens') {
    if (typeof value !== 'string' || !vocabulary.screens.includes(value)) {
      add({ level: 'erro', where: place, message: `destino ${label} não é uma tela do catálogo da especificação` });
    } else if (!ctx.servedRoutes.includes(value)) {
      add({ level: 'aviso', where: place, message: `destino ${JSON.stringify(value)} ainda não é servido pela tabela de rotas` });
    }
  } else if (kind === 'card') {
    if (typeof value !== 'string' || !cardIds.has(value)) add({ level: 'erro', where: place, message: `card ${label} não está definido` });
  } else if (kind === 'guard-outcome') {
    if (!(vocabulary.enums.guardOutcome ?? []).includes(value)) add({ level: 'erro', where: place, message: `resultado ${label} desconhecido da guarda` });
  } else if (vocabulary.enums[kind]) {
    if (!vocabulary.enums[kind]!.includes(value)) add({ level: 'erro', where: place, message: `${label} não pertence a "${kind}"` });
  } else {
    add({ level: 'erro', where: place, message: `campo de saída ${label} sem lista declarada em output.fields` });
  }
}

/** The values an availability condition compares an input with (`eq`/`ne`/`in` on `{ var }`), found anywhere in it. */
function comparedValues(expr: unknown, found: Array<[string, Scalar]> = []): Array<[string, Scalar]> {
  if (Array.isArray(expr)) expr.forEach((e) => comparedValues(e, found));
  else if (expr && typeof expr === 'object') {
    for (const [op, args] of Object.entries(expr)) {
      const name = Array.isArray(args) && args[0] && typeof args[0] === 'object' ? (args[0] as { var?: unknown }).var : undefined;
      if (typeof name === 'string' && (op === 'eq' || op === 'ne' || op === 'in')) {
        const values = op === 'in' && Array.isArray(args[1]) ? args[1] : [args[1]];
        for (const v of values) if (v === null || typeof v !== 'object') found.push([name, v as Scalar]);
      } else comparedValues(args, found);
    }
  }
  return found;
}

function analyseWizard(wizard: Wizard, vocabulary: Vocabulary, ctx: AnalysisContext, addAny: (f: Finding) => void): void {
  const inputs = new Set(wizard.inputs.map((i) => i.name));
  const known = ctx.wizardSteps?.[wizard.id];
  const seen = new Set<string>();
  wizard.steps.forEach((step, index) => {
    // Every finding names the wizard and the step (1-based) it concerns: the console marks it there.
    const add = (f: Omit<Finding, 'definition' | 'row'>) => addAny({ ...f, definition: wizard.id, row: index + 1 });
    const where = `assistente ${wizard.id}, passo ${index + 1} (${step.id})`;
    if (seen.has(step.id)) add({ level: 'erro', where, message: `passo "${step.id}" repetido` });
    seen.add(step.id);
    if (known && !known.includes(step.id)) add({ level: 'erro', where, message: `passo "${step.id}" não é um passo que o aplicativo conhece (${known.join(', ')})` });
    // A step's route is a screen of the spec's catalogue or of the route table.
    if (step.route !== undefined && !vocabulary.screens.includes(step.route) && !ctx.servedRoutes.includes(step.route)) {
      add({ level: 'erro', where, message: `rota ${JSON.stringify(step.route)} não é uma tela do catálogo nem da tabela de rotas` });
    }
    for (const path of step.available === undefined ? [] : pathsOf(step.available)) {
      if (!inputs.has(path.split('.')[0]!)) add({ level: 'erro', where, message: `condição lê "${path}", que não é entrada do assistente` });
    }
    for (const [name, value] of step.available === undefined ? [] : comparedValues(step.available)) {
      const enumName = wizard.inputs.find((i) => i.name === name)?.enum;
      const allowed = enumName ? vocabulary.enums[enumName] : undefined;
      if (allowed && !allowed.includes(value)) add({ level: 'erro', where, message: `valor ${JSON.stringify(value)} de "${name}" não pertence a "${enumName}"` });
    }
  });
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();

/** Texts: every key the code or a layout asks for exists, placeholders as shipped, none broken. */
function analyseTexts(texts: Readonly<Record<string, string>>, ctx: AnalysisContext, add: (f: Finding) => void): void {
  const at = (field: string, message: string) => add({ level: 'erro', where: `textos, ${field}`, message, definition: 'texts', field });
  const shipped = ctx.shippedTexts ?? {};
  const usedBy = new Map<string, string>();
  for (const { screen, keys } of ctx.layoutTexts ?? []) for (const key of keys) if (!usedBy.has(key)) usedBy.set(key, screen);
  for (const [key, screen] of usedBy) if (!(key in texts)) at(key, `texto usado pela tela "${screen}" não existe`);
  for (const key of Object.keys(shipped)) if (!(key in texts) && !usedBy.has(key)) at(key, 'texto usado pelo servidor não existe');
  for (const [key, text] of Object.entries(texts)) {
    const stray = text.replace(PLACEHOLDER, '');
    if (stray.includes('{{') || stray.includes('}}')) at(key, 'marcador quebrado: use {{nome}}, com as chaves fechadas');
    else if (key in shipped && JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(shipped[key]!))) {
      const expected = placeholders(shipped[key]!);
      at(key, expected.length ? `mantenha os marcadores ${expected.map((p) => `{{${p}}}`).join(', ')} (e só eles)` : 'este texto não aceita marcadores {{…}}');
    }
  }
}

function analyseTheme(theme: ThemeDefinition, add: (f: Finding) => void): void {
  for (const p of themeProblems(themeOf(theme, { primary: '#CE181E', secondary: '#BA2429' }))) {
    add({
      level: 'erro',
      where: `tema ${theme.id}, ${p.foreground}`,
      message: `contraste entre ${TOKEN_NAMES[p.foreground]} e ${TOKEN_NAMES[p.background]} é ${formatDecimal(p.ratio, 2)}:1; o mínimo WCAG AA para texto é 4,5:1`,
      definition: theme.id,
      field: p.foreground in theme.tokens ? p.foreground : p.background,
    });
  }
}

/** Checks a flow bundle against the spec's lists and the route table. Errors block serving and publishing. */
export function analyse(bundle: FlowBundle, ctx: AnalysisContext): Report {
  const findings: Finding[] = [];
  const add = (f: Finding) => findings.push(f);
  const { vocabulary } = bundle;

  const ids = new Set<string>();
  for (const d of bundle.definitions) {
    if (ids.has(d.id)) add({ level: 'erro', where: d.id, message: 'id repetido' });
    ids.add(d.id);
  }

  const cardIds = new Set<string>();
  for (const set of bundle.definitions.filter((d) => d.kind === 'cards')) {
    for (const card of set.cards) {
      const where = `cards ${set.id}, card ${card.id}`;
      if (cardIds.has(card.id)) add({ level: 'erro', where, message: 'id de card repetido' });
      cardIds.add(card.id);
      if (!vocabulary.cardLabels.includes(card.label)) add({ level: 'erro', where, message: `rótulo "${card.label}" fora da lista da especificação` });
      if (!vocabulary.cardTargets.includes(card.target)) add({ level: 'erro', where, message: `destino "${card.target}" fora da lista da especificação` });
    }
  }

  for (const d of bundle.definitions) {
    if (d.kind === 'decision-table') analyseTable(d, bundle, ctx, cardIds, add);
    else if (d.kind === 'wizard') analyseWizard(d, vocabulary, ctx, add);
  }

  if (bundle.texts) analyseTexts(bundle.texts, ctx, add);
  for (const theme of bundle.themes ?? []) analyseTheme(theme, add);

  // Every screen with a layout is reachable from the route table (or drawn by the server itself).
  for (const screen of ctx.layouts) {
    if (!ctx.routedScreens.includes(screen) && !ctx.systemScreens.includes(screen)) {
      add({ level: 'erro', where: `layout ${screen}`, message: 'tela inalcançável: nenhuma rota leva a ela' });
    }
  }
  return { ok: !findings.some((f) => f.level === 'erro'), findings };
}

/** The report as people read it. */
export function formatReport(report: Report): string {
  const errors = report.findings.filter((f) => f.level === 'erro');
  const warnings = report.findings.filter((f) => f.level === 'aviso');
  const lines = [report.ok ? 'Definições de fluxo: OK' : `Definições de fluxo: ${errors.length} ${plural(errors.length, 'erro', 'erros')}`];
  for (const f of errors) lines.push(`  ERRO  ${f.where}: ${f.message}`);
  // Warnings grouped by message: one line per target, with where it is used.
  const grouped = new Map<string, Set<string>>();
  for (const f of warnings) grouped.set(f.message, (grouped.get(f.message) ?? new Set()).add(f.where.split(',')[0]!));
  if (grouped.size) lines.push(`  ${grouped.size} ${plural(grouped.size, 'aviso', 'avisos')}:`);
  for (const [message, places] of grouped) lines.push(`  aviso ${message} (${[...places].join('; ')})`);
  return lines.join('\n');
}
