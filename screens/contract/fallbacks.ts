import type { ComponentNode, ComponentOf, ComponentType } from './components.js';

/**
 * The fallback each component added after v1.0 stands for when a node declares none: built
 * from v1.0 components only, so an older client (or a native wrapper that lacks the component)
 * still shows the same words and actions. A node's own `fallback` wins.
 */
type Derive<T extends ComponentType> = (node: ComponentOf<T>) => ComponentNode | null;

const linkButton = (label: string, action: ComponentOf<'button'>['action']): ComponentNode => ({ type: 'button', variant: 'link', label, action });

const DERIVED: { [T in ComponentType]?: Derive<T> } = {
  shortcuts: (n) => ({ type: 'list', label: n.label, items: n.links.map((i) => linkButton(i.label, i.action)) }),
  chips: (n) => ({ type: 'list', label: n.label, items: n.options.map((i) => linkButton(i.selected ? `${i.label} ✓` : i.label, i.action)) }),
  'status-pill': (n) => ({ type: 'text', tone: n.tone, text: n.text }),
  summary: (n) => ({
    type: 'card',
    title: n.title,
    ...(n.action ? { action: n.action } : {}),
    items: [
      { type: 'value', label: n.caption ?? n.title, text: n.figure, emphasis: true },
      ...(n.status ? [{ type: 'text', tone: n.status.tone, text: n.status.text } as ComponentNode] : []),
      ...(n.secondaryAction ? [linkButton(n.secondaryAction.label, n.secondaryAction.action)] : []),
    ],
  }),
  timeline: (n) => ({ type: 'table', caption: n.label, columns: ['', '', ''], rows: n.steps.map((s) => [s.when ?? '', s.text ? `${s.title}\n${s.text}` : s.title, s.statusText]) }),
  'empty-state': (n) => ({
    type: 'card',
    title: n.title,
    ...(n.action ? { action: n.action } : {}),
    items: n.text ? [{ type: 'text', text: n.text }] : [],
  }),
  skeleton: () => null,
  pending: () => null,
  'theme-preview': (n) => ({ type: 'card', title: n.label, items: n.items }),
  'table-editor': (n) => ({ type: 'text', tone: 'warning', text: `${n.label}: este editor precisa de um navegador atualizado.` }),
  // The table the chart names is on the screen already; else the chart's figures as a table.
  'bar-chart': (n) => (n.table ? null : { type: 'table', caption: n.label, columns: [n.categoryLabel, ...n.series.map((s) => s.label)], rows: n.bars.map((b) => [b.label, ...b.texts]) }),
  // The chrome of every client already links Início; the other sections stay reachable from home.
  'bottom-nav': () => null,
  nav: (n) => ({ type: 'list', label: n.label, items: n.links.map((l) => linkButton(l.current ? `${l.label} ✓` : l.label, l.action)) }),
  // Rows as cards, one under the other (what the console drew before tables could lead somewhere).
  'data-table': (n) => ({
    type: 'list',
    label: n.caption,
    items: n.rows.map(
      (r): ComponentNode => ({
        type: 'card',
        ...(r.id ? { id: r.id } : {}),
        title: r.cells[0] ?? '',
        subtitle: r.cells
          .slice(1)
          .map((cell, i) => (cell ? `${n.columns[i + 1] ?? ''}: ${cell}` : ''))
          .filter(Boolean)
          .join(' · '),
        items: (r.actions ?? []).map((a): ComponentNode => ({ type: 'button', label: a.label, ...(a.accessibleName ? { accessibleName: a.accessibleName } : {}), variant: 'link', action: a.action })),
        ...(r.action ? { action: { label: `Abrir ${r.cells[0] ?? ''}`.trim(), action: r.action } } : {}),
      }),
    ),
  }),
};

/** The node's own fallback, else the derived one, else nothing (the node is dropped). */
export function fallbackOf(node: ComponentNode): ComponentNode | null {
  if (node.fallback) return node.fallback;
  const derive = DERIVED[node.type] as Derive<ComponentType> | undefined;
  return derive ? derive(node as never) : null;
}

/**
 * What a client that cannot draw a component gets when the node declares no `fallback` of its own
 * (published in the native contract):
 * - `derived`: built from the node by `fallbackOf` (DERIVED above), from v1.0 components only;
 * - `text`: a text component whose text is the node's fields (`from`), joined with ": ";
 * - `children`: the container's items, drawn in its place;
 * - `omit`: nothing.
 * A node's own `fallback` always wins. Every component type needs an entry (contract test).
 */
export type DefaultFallback = { kind: 'derived'; as: string } | { kind: 'text'; from: readonly string[] } | { kind: 'children' } | { kind: 'omit' };

export const DEFAULT_FALLBACK: Record<ComponentType, DefaultFallback> = {
  heading: { kind: 'text', from: ['text'] },
  text: { kind: 'omit' },
  value: { kind: 'text', from: ['label', 'text'] },
  'key-value': { kind: 'omit' },
  button: { kind: 'omit' },
  card: { kind: 'children' },
  list: { kind: 'children' },
  banner: { kind: 'text', from: ['text'] },
  form: { kind: 'omit' },
  stepper: { kind: 'omit' },
  image: { kind: 'text', from: ['alt'] },
  table: { kind: 'text', from: ['caption'] },
  conversation: { kind: 'omit' },
  shortcuts: { kind: 'derived', as: 'list of link buttons' },
  chips: { kind: 'derived', as: 'list of link buttons, the selected one marked ✓' },
  'status-pill': { kind: 'derived', as: 'text with the same tone' },
  summary: { kind: 'derived', as: 'card with a value, a text and a link button' },
  timeline: { kind: 'derived', as: 'table: when, step, status' },
  'empty-state': { kind: 'derived', as: 'card with its text and action' },
  skeleton: { kind: 'omit' },
  pending: { kind: 'omit' },
  'bottom-nav': { kind: 'omit' },
  'theme-preview': { kind: 'derived', as: 'card with its items' },
  'table-editor': { kind: 'derived', as: 'warning text naming the editor' },
  columns: { kind: 'children' },
  group: { kind: 'children' },
  nav: { kind: 'derived', as: 'list of link buttons, the current one marked ✓' },
  'data-table': { kind: 'derived', as: 'list of cards: the first cell as title, the others as "column: value", the row\'s action as the card\'s, its actions as link buttons' },
  'bar-chart': { kind: 'derived', as: 'nothing when it names a table of the screen, else a table: category, one column per series' },
};
