import { z } from 'zod';
import { Action } from './actions.js';
import { Tone } from './tone.js';

/** An action name of POST /api/actions/<area>/<name>. */
export const ActionName = z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/);

/** A value of a decision-table cell as the console's editor offers it. */
const EditorScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * The own fields of the components the operations console draws (its previews, charts, editors
 * and two-column pages), part of the same contract as every component (components.ts).
 */
export const consoleComponents = {
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
   * `even` (default): columns of equal width; `wide-second` (renderer ≥ 1.3.0): the second column
   * twice the first (a chart first, its table beside it with room for every column). The page
   * widens to hold them. A renderer that does not know a variant stacks the columns (the fallback).
   */
  columns: { variant: z.enum(['sidebar', 'even', 'wide-second']).optional() },
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
   * are shown (`search.countText`, with {shown} and {total}). A row's `actions` are controls in a
   * last column headed `actionsColumn` (a link when it navigates, else a button), each named by its
   * `accessibleName` when the label alone does not say which row it acts on ("Voltar à versão 12").
   * On a phone each row is drawn as a block of "column: value" lines, its actions below them.
   */
  'data-table': {
    caption: z.string().min(1),
    columns: z.array(z.string().min(1)).min(1),
    /** Heading of the column of the rows' `actions`; drawn when a row has actions. */
    actionsColumn: z.string().min(1).optional(),
    rows: z.array(
      z.object({
        id: z.string().optional(),
        cells: z.array(z.string()),
        /** Words the search also matches that the row does not show (an identifier). */
        keywords: z.string().optional(),
        action: Action.optional(),
        /** What can be done to this row; the accessible name contains the label (WCAG 2.5.3). */
        actions: z.array(z.object({ label: z.string().min(1), accessibleName: z.string().min(1).optional(), action: Action })).optional(),
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
