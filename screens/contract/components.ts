import { z } from 'zod';
import { Action } from './actions.js';
import { FieldFormat } from './formats.js';

/** Semantic tone; the renderer maps it to theme tokens, never to raw colours. */
export const Tone = z.enum(['neutral', 'info', 'success', 'warning', 'danger']);

/** An action name of POST /api/actions/<area>/<name>. */
const ActionName = z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/);

/** One message of a `conversation`: who wrote it, its text, and the feedback given to it (assistant messages). */
export const ConversationMessage = z
  .object({
    id: z.string().min(1),
    role: z.enum(['user', 'assistant']),
    /** Who wrote it, as shown ("Você", "Assistente"). */
    author: z.string(),
    content: z.string(),
    /** DEFAULT until the customer rates the answer, then POSITIVE or NEGATIVE (doc 2 §4.11). */
    feedback: z.enum(['DEFAULT', 'POSITIVE', 'NEGATIVE']).optional(),
  })
  .meta({ id: 'ConversationMessage' });
export type ConversationMessage = z.infer<typeof ConversationMessage>;

/**
 * What a control is called by assistive technology when its label alone does not say what it acts
 * on (a card that repeats: "Gerar boleto" on every instalment). It must contain the visible label
 * (WCAG 2.5.3), e.g. "Gerar boleto: Parcela 12". Absent, the label is the name.
 */
const AccessibleName = z.string().min(1);

/** A labelled action inside a card or banner. */
export const LinkedAction = z.object({ label: z.string().min(1), accessibleName: AccessibleName.optional(), action: Action });

/**
 * Icons a document may name (lucide names). The renderer imports exactly these, so the bundle
 * carries no icon nobody uses; add a name here and to renderer/src/components/icon/icons.ts.
 */
export const ICON_NAMES = [
  'receipt',
  'file-text',
  'calendar',
  'gavel',
  'wallet',
  'history',
  'user',
  'bell',
  'users',
  'clipboard-list',
  'circle-help',
  'map-pin',
  'headset',
  'house',
  'banknote',
  'car',
  'refresh-cw',
  'inbox',
  'search',
  'check',
  'landmark',
  'shield-check',
] as const;
export const IconName = z.enum(ICON_NAMES).meta({ id: 'IconName' });

/** A value of a decision-table cell as the console's editor offers it. */
const EditorScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** Where a timeline step stands; the server decides it from the upstream's status. */
export const StepStatus = z.enum(['done', 'current', 'todo', 'error']);

/**
 * Each component's own fields. Every component also has an optional `id` and an
 * optional `fallback`: what a client that cannot draw the component draws instead
 * (the server substitutes it for clients that did not declare the capability, and
 * the renderer's unknown-component fallback draws it too).
 */
const own = {
  heading: { text: z.string(), level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional() },
  text: { text: z.string(), tone: Tone.optional() },
  /** A label with a value already formatted on the server (R$ 1.234,56, 02/12/2026, 123.456.789-09). */
  value: { label: z.string(), text: z.string(), emphasis: z.boolean().optional() },
  'key-value': { rows: z.array(z.object({ label: z.string(), text: z.string() })) },
  button: {
    label: z.string().min(1),
    accessibleName: AccessibleName.optional(),
    variant: z.enum(['primary', 'secondary', 'link']).optional(),
    action: Action,
    /**
     * Disabled until `until` (ISO instant), showing `label` with {segundos} replaced by the seconds
     * left — counted from the clock every second and again when the tab regains focus.
     */
    countdown: z.object({ until: z.string(), label: z.string() }).optional(),
  },
  card: {
    title: z.string().optional(),
    subtitle: z.string().optional(),
    action: LinkedAction.optional(),
  },
  list: {
    label: z.string().optional(),
    emptyText: z.string().optional(),
  },
  banner: { tone: Tone, text: z.string(), action: LinkedAction.optional() },
  /** A JSON Schema form (react-jsonschema-form). Validation runs on the server; `errors` are its field errors. */
  form: {
    schema: z.record(z.string(), z.unknown()),
    uiSchema: z.record(z.string(), z.unknown()).optional(),
    formData: z.record(z.string(), z.unknown()).optional(),
    /** Field name → message in Portuguese, shown next to the field. */
    errors: z.record(z.string(), z.string()).optional(),
    /** Field name (dotted for nested objects) → input format: mask, keyboard and raw value (see formats.ts). */
    formats: z.record(z.string(), FieldFormat).optional(),
    submit: z.object({ label: z.string().min(1), accessibleName: AccessibleName.optional(), action: Action }),
    /**
     * Which form engine draws it, decided by the server from the schema: `light` (the renderer's
     * own fields: text, password, checkbox, radio, hidden; no form library downloaded) or `json`
     * (react-jsonschema-form, loaded on demand). Absent means `json`.
     */
    engine: z.enum(['light', 'json']).optional(),
  },
  stepper: {
    steps: z.array(z.object({ label: z.string(), state: z.enum(['done', 'current', 'todo']) })),
  },
  image: { src: z.string(), alt: z.string() },
  /** A table of text cells (decision tables, version history); each row has one cell per column. */
  table: { caption: z.string(), columns: z.array(z.string()).min(1), rows: z.array(z.array(z.string())) },
  /**
   * A chat: a message list, a composer and feedback buttons (renderer ≥ 1.1.0). Message content is
   * plain text, drawn as text (never as HTML). Sending posts `{ mensagem, chave }` to `send` (the
   * same `chave` when the customer retries); the server answers `replace` with this component
   * updated, field errors (shown under the composer) or an error (shown with `failure.retryLabel`).
   * Feedback posts `{ mensagem: <message id>, feedback: 'POSITIVE' | 'NEGATIVE' }`.
   */
  conversation: {
    /** Accessible name of the message list. */
    label: z.string().min(1),
    messages: z.array(ConversationMessage),
    /** Questions offered before the first message; a tap sends one. */
    suggestions: z.array(z.string().min(1)).optional(),
    suggestionsLabel: z.string().optional(),
    composer: z.object({ label: z.string().min(1), placeholder: z.string().optional(), sendLabel: z.string().min(1), maxLength: z.number().int().positive() }),
    /** Shown while the assistant answers. */
    typingText: z.string().min(1),
    send: z.object({ action: ActionName }),
    feedback: z
      .object({ action: ActionName, positiveLabel: z.string().min(1), negativeLabel: z.string().min(1), sentText: z.string().min(1) })
      .optional(),
    /** Shown next to a message the assistant could not answer, with a button that sends it again. */
    failure: z.object({ text: z.string().min(1), retryLabel: z.string().min(1) }),
  },
  /** A grid of shortcuts, each an icon and a label (home's services). */
  shortcuts: {
    label: z.string(),
    links: z.array(z.object({ id: z.string().optional(), label: z.string().min(1), icon: IconName, action: Action })),
  },
  /** Filters as a segmented control (one choice, the current one selected; arrows move between them). */
  chips: {
    label: z.string(),
    options: z.array(z.object({ id: z.string().optional(), label: z.string().min(1), selected: z.boolean(), action: Action })).min(1),
  },
  /** A short status in a coloured pill (tone) with its text. */
  'status-pill': { tone: Tone, text: z.string().min(1) },
  /** A card led by one figure (the next slip's value) with a caption, an optional pill and actions. */
  summary: {
    title: z.string(),
    figure: z.string(),
    caption: z.string().optional(),
    status: z.object({ tone: Tone, text: z.string().min(1) }).optional(),
    action: LinkedAction.optional(),
    secondaryAction: LinkedAction.optional(),
  },
  /** Steps of a follow-up, in order, each with its status (payment, refund, vehicle follow-ups). */
  timeline: {
    label: z.string(),
    steps: z.array(
      z.object({
        title: z.string(),
        status: StepStatus,
        /** The status in words, shown next to the step (e.g. "Concluído"). */
        statusText: z.string(),
        when: z.string().optional(),
        text: z.string().optional(),
      }),
    ),
  },
  /** Nothing to show yet, said kindly, with an optional way forward. */
  'empty-state': { title: z.string(), text: z.string().optional(), icon: IconName.optional(), action: LinkedAction.optional() },
  /** A placeholder for a part still loading (the renderer also draws one while a screen loads). */
  skeleton: { label: z.string(), variant: z.enum(['text', 'card', 'list']).optional() },
  /** The app's main sections; a bar at the bottom on narrow screens, a row on wide ones. */
  'bottom-nav': {
    label: z.string(),
    links: z.array(z.object({ label: z.string().min(1), icon: IconName, action: Action, current: z.boolean().optional() })).min(2).max(5),
  },
  /** Its children drawn in another theme (the operations console's partner preview); colours are CSS colours by token. */
  'theme-preview': {
    label: z.string(),
    theme: z.record(z.string(), z.string().regex(/^#[0-9a-fA-F]{3,8}$/)),
    /** Drawn inert: a customer's screen shown to the console (nothing in it can be pressed or typed). */
    readOnly: z.boolean().optional(),
  },
  /**
   * Horizontal bars, one row per category (the console's funnel: a row per step), each row with one
   * bar per series (renderer ≥ 1.2.0). `values` set the bars' lengths against the largest value of
   * the chart; `texts` are what is shown beside them, formatted on the server ("< 5" where a count
   * is withheld, its value then 0). `table` names, by its caption, the table on the same screen
   * that holds the same figures: the chart is then drawn for the eye and the table is what
   * assistive technology reads; without it the chart's rows are read as a list.
   */
  'bar-chart': {
    label: z.string().min(1),
    /** Heading of the category column when the chart is drawn as a table (older clients). */
    categoryLabel: z.string().min(1),
    series: z.array(z.object({ label: z.string().min(1), tone: Tone.optional() })).min(1).max(4),
    bars: z.array(z.object({ label: z.string().min(1), values: z.array(z.number().min(0)), texts: z.array(z.string()) })),
    table: z.string().min(1).optional(),
  },
  /**
   * The operations console's decision-table editor (renderer ≥ 1.1.0): each input cell a pick list
   * of `inputs[].options` (several values, or "qualquer"), each result a pick list of `outputs`;
   * rows added, duplicated, deleted and moved; the default row with its `covers`; a JSON view that
   * round-trips. Every change posts `{ id, conteudo }` (the table as JSON text) to `analyse`, which
   * answers `field-errors` keyed `linha-<n>`, `padrao` or `tabela` (empty when the table is sound);
   * `submit` posts the same and shows its field errors the same way.
   * With `mode: "wizard"` it edits a wizard's steps instead (one line per step, keys `linha-<n>`):
   * `outputs` are the steps' pick-list fields (`id`, `route`), `inputs` the availability inputs
   * (each a pick list of its values, "qualquer" when absent); label, title and texts are free text.
   */
  'table-editor': {
    label: z.string().min(1),
    /** What is edited: a decision table's rows (default) or a wizard's steps. */
    mode: z.enum(['table', 'wizard']).optional(),
    definitionId: z.string().min(1),
    definition: z.record(z.string(), z.unknown()),
    /** `label`: the input as people name it (headers and accessible names); absent, its `name`. */
    inputs: z.array(z.object({ name: z.string().min(1), label: z.string().min(1).optional(), options: z.array(z.object({ value: EditorScalar, label: z.string() })) })),
    /** One pick list per result field (`field` null: the row's whole result), `label` as for inputs. */
    outputs: z.array(z.object({ field: z.string().nullable(), label: z.string().min(1).optional(), options: z.array(z.object({ value: EditorScalar, label: z.string() })) })),
    /** The values the default row may `cover` (the exhaustive input's list); absent when none is exhaustive. */
    covers: z.array(z.object({ value: EditorScalar, label: z.string() })).optional(),
    /** The analyser's findings on the table as shipped: same keys as `analyse` answers. */
    findings: z.record(z.string(), z.string()).optional(),
    analyse: z.object({ action: ActionName }),
    submit: z.object({ label: z.string().min(1), action: ActionName }),
  },
  /**
   * Its children side by side on a wide screen, one under the other below 960 px (renderer ≥ 1.2.0).
   * `sidebar`: the first child a narrow column (a section's navigation), the second takes the rest;
   * `even` (default): columns of equal width (a chart beside its table). The page widens to hold them.
   */
  columns: { variant: z.enum(['sidebar', 'even']).optional() },
  /** Its children one under the other, as one block (a column of `columns`); with `label`, a named region. */
  group: { label: z.string().min(1).optional() },
  /**
   * The sections of an area as links (renderer ≥ 1.2.0): a list down the side of a wide screen inside
   * `columns`, a wrapped row of links on a phone; the current section marked (`aria-current="page"`).
   */
  nav: {
    label: z.string().min(1),
    links: z.array(z.object({ label: z.string().min(1), action: Action, current: z.boolean().optional() })).min(1),
  },
  /**
   * A table of text cells whose rows may lead somewhere (renderer ≥ 1.2.0): a row's `action` makes
   * its first cell a link. With `search`, a search field above it filters the rows as one types
   * (any cell or the row's `keywords`, ignoring case and accents) and a status line says how many
   * are shown (`search.countText`, with {shown} and {total}). On a phone each row is drawn as a
   * block of "column: value" lines.
   */
  'data-table': {
    caption: z.string().min(1),
    columns: z.array(z.string().min(1)).min(1),
    rows: z.array(
      z.object({
        id: z.string().optional(),
        cells: z.array(z.string()),
        /** Words the search also matches that the row does not show (an identifier). */
        keywords: z.string().optional(),
        action: Action.optional(),
      }),
    ),
    search: z
      .object({
        label: z.string().min(1),
        placeholder: z.string().optional(),
        countText: z.string().min(1),
        emptyText: z.string().min(1),
      })
      .optional(),
  },
} as const;

/** Components that hold children (`items`). */
export const CONTAINERS = ['card', 'list', 'theme-preview', 'columns', 'group'] as const;
type Container = (typeof CONTAINERS)[number];
/** CONTAINERS as a set, for the checks made on every node of a screen. */
export const CONTAINER_TYPES: ReadonlySet<string> = new Set(CONTAINERS);

/** `before` itself when every node came through a pass unchanged: a pass copies a list only where a node changed. */
export function sameOrNew<T>(before: readonly T[], after: T[]): T[] {
  return after.length === before.length && after.every((node, i) => node === before[i]) ? (before as T[]) : after;
}

type Own = typeof own;
export type ComponentType = keyof Own;
// Interfaces keep the recursion lazy for the type checker.
interface NodeBase<T extends ComponentType> {
  type: T;
  id?: string | undefined;
  fallback?: ComponentNode | undefined;
}
interface Children {
  items: ComponentNode[];
}
type NodeOf<T extends ComponentType> = NodeBase<T> & z.output<z.ZodObject<Own[T]>> & (T extends Container ? Children : unknown);
export type ComponentNode = { [T in ComponentType]: NodeOf<T> }[ComponentType];
export type ComponentOf<T extends ComponentType> = NodeOf<T>;

const componentRef = z.lazy((): z.ZodType<ComponentNode> => Component);

function node<T extends ComponentType>(type: T) {
  const children = CONTAINER_TYPES.has(type) ? { items: z.array(componentRef) } : {};
  return z
    .object({ type: z.literal(type), id: z.string().optional(), fallback: componentRef.optional(), ...own[type], ...children })
    .meta({ id: `component-${type}` });
}

/** Every component type of this schema version; a client declares the subset it can draw. */
export const COMPONENT_TYPES = Object.keys(own) as ComponentType[];

/**
 * The renderer version that first drew each component. A client that sends its version but no
 * capability list is taken to draw the components up to its version; the others are replaced by
 * their fallback (declared on the node, else the one `fallbacks.ts` derives).
 */
export const COMPONENT_SINCE: { readonly [T in ComponentType]: string } = {
  heading: '1.0.0',
  text: '1.0.0',
  value: '1.0.0',
  'key-value': '1.0.0',
  button: '1.0.0',
  card: '1.0.0',
  list: '1.0.0',
  banner: '1.0.0',
  form: '1.0.0',
  stepper: '1.0.0',
  image: '1.0.0',
  table: '1.0.0',
  shortcuts: '1.1.0',
  chips: '1.1.0',
  'status-pill': '1.1.0',
  summary: '1.1.0',
  timeline: '1.1.0',
  'empty-state': '1.1.0',
  skeleton: '1.1.0',
  'bottom-nav': '1.1.0',
  'theme-preview': '1.1.0',
  conversation: '1.1.0',
  'table-editor': '1.1.0',
  columns: '1.2.0',
  group: '1.2.0',
  nav: '1.2.0',
  'data-table': '1.2.0',
  'bar-chart': '1.2.0',
};

/**
 * The renderer version that first draws each component (the same table): a client declaring an
 * older `x-renderer-version` gets the component's fallback (as if it had not declared the type).
 */
export const MIN_RENDERER_VERSION: { readonly [T in ComponentType]: string } = COMPONENT_SINCE;

export const Component: z.ZodType<ComponentNode> = z
  .discriminatedUnion('type', [
    node('heading'),
    node('text'),
    node('value'),
    node('key-value'),
    node('button'),
    node('card'),
    node('list'),
    node('banner'),
    node('form'),
    node('stepper'),
    node('image'),
    node('table'),
    node('conversation'),
    node('shortcuts'),
    node('chips'),
    node('status-pill'),
    node('summary'),
    node('timeline'),
    node('empty-state'),
    node('skeleton'),
    node('bottom-nav'),
    node('theme-preview'),
    node('table-editor'),
    node('columns'),
    node('group'),
    node('nav'),
    node('data-table'),
    node('bar-chart'),
  ])
  .meta({ id: 'Component' }) as unknown as z.ZodType<ComponentNode>;
