import { z } from 'zod';
import { Action } from './actions.js';
import { FieldFormat } from './formats.js';
import { Tone } from './tone.js';
import { ActionName, consoleComponents } from './console-components.js';

export { Tone };

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
    /**
     * How its fields are arranged (renderer ≥ 1.3.0): `filter-bar` puts the fields and the button
     * side by side in one row that wraps (a filter bar above a table on a desk), one under the other
     * on a phone. A renderer that does not know it, and the JSON form, stack the fields (the fallback).
     */
    arrangement: z.enum(['stack', 'filter-bar']).optional(),
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
  /**
   * A part of the screen still on its way (renderer ≥ 1.3.0): the back office had not answered it
   * within its budget. Drawn as a skeleton; a screen holding one is asked for once more with
   * `x-screen-parts: wait`, and the answer, with the part, replaces it. An older client draws
   * nothing in its place and gets the part on its next visit.
   */
  pending: { label: z.string(), variant: z.enum(['text', 'card', 'list']).optional() },
  /** The app's main sections; a bar at the bottom on narrow screens, a row on wide ones. */
  'bottom-nav': {
    label: z.string(),
    links: z.array(z.object({ label: z.string().min(1), icon: IconName, action: Action, current: z.boolean().optional() })).min(2).max(5),
  },
  ...consoleComponents,
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
  pending: '1.3.0',
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
    node('pending'),
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
