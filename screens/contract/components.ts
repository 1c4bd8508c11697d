import { z } from 'zod';
import { Action } from './actions.js';

/** Semantic tone; the renderer maps it to theme tokens, never to raw colours. */
export const Tone = z.enum(['neutral', 'info', 'success', 'warning', 'danger']);

/** A labelled action inside a card or banner. */
export const LinkedAction = z.object({ label: z.string().min(1), action: Action });

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
    submit: z.object({ label: z.string().min(1), action: Action }),
  },
  stepper: {
    steps: z.array(z.object({ label: z.string(), state: z.enum(['done', 'current', 'todo']) })),
  },
  image: { src: z.string(), alt: z.string() },
  /** A table of text cells (decision tables, version history); each row has one cell per column. */
  table: { caption: z.string(), columns: z.array(z.string()).min(1), rows: z.array(z.array(z.string())) },
} as const;

/** Components that hold children (`items`). */
const CONTAINERS = ['card', 'list'] as const;
type Container = (typeof CONTAINERS)[number];

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
  const children = (CONTAINERS as readonly string[]).includes(type) ? { items: z.array(componentRef) } : {};
  return z
    .object({ type: z.literal(type), id: z.string().optional(), fallback: componentRef.optional(), ...own[type], ...children })
    .meta({ id: `component-${type}` });
}

/** Every component type of this schema version; a client declares the subset it can draw. */
export const COMPONENT_TYPES = Object.keys(own) as ComponentType[];

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
  ])
  .meta({ id: 'Component' }) as unknown as z.ZodType<ComponentNode>;
