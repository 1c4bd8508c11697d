import { z } from 'zod';
import type { Condition } from './conditions.js';

/**
 * Flow definitions as data (screens/flows/*.json): decision tables, card sets and wizards.
 * Operations change them from the console; the analyser (server/src/composition/flows/analyse.ts) checks
 * them before they can be served.
 */

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A cell of a row: one value, a list of values (any of them), or "*" for any value. */
export const Cell = z.union([Scalar, z.array(Scalar)]);
export type Cell = z.infer<typeof Cell>;

export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    Scalar,
    z.record(z.string(), z.unknown()).refine((o) => Object.keys(o).length === 1, 'uma condição tem exatamente um operador'),
  ]),
) as unknown as z.ZodType<Condition>;

/** What a row decides: a target (route path, card id, outcome) or a few named targets. */
export const Outcome = z.union([z.string(), z.null(), z.record(z.string(), Scalar)]);
export type Outcome = z.infer<typeof Outcome>;

/**
 * A named input. `enum` names a vocabulary list; `exhaustive` asks the analyser to prove that
 * every value of that list is mapped by a row or listed in the default's `covers`.
 */
const TableInput = z.object({
  name: z.string().min(1),
  enum: z.string().optional(),
  exhaustive: z.boolean().optional(),
  description: z.string().optional(),
});

const id = z.string().regex(/^[a-z0-9-]+$/, 'use letras minúsculas, números e hífens');

/** What every definition carries: its id, a title for people and where in the spec it comes from. */
const header = { id, title: z.string().min(1), source: z.string().min(1) };

export const DecisionTable = z
  .object({
    kind: z.literal('decision-table'),
    ...header,
    /** Named inputs; `enum` names a list of the vocabulary the input takes its values from. */
    inputs: z.array(TableInput).min(1),
    /** What the outputs are: route paths of the catalogue, card ids, guard outcomes, step names… */
    output: z.object({
      kind: z.enum(['screen', 'card', 'guard-outcome', 'step']),
      /** For `step` outputs: which vocabulary enum (or "screens") each named field draws from. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
    /** First match wins. */
    rows: z
      .array(
        z.object({
          when: z.record(z.string(), Cell),
          /** An extra condition over the inputs (makes the row opaque to the shadowing check). */
          if: ConditionSchema.optional(),
          then: Outcome,
          note: z.string().optional(),
        }),
      )
      .min(1),
    default: z.object({
      then: Outcome,
      /** Enumeration values deliberately left to the default ("not shown" in the spec). */
      covers: z.array(Scalar).default([]),
      note: z.string().optional(),
    }),
  })
  .strict()
  .meta({ id: 'DecisionTable' });
export type DecisionTable = z.infer<typeof DecisionTable>;

export const CardSet = z
  .object({
    kind: z.literal('cards'),
    ...header,
    cards: z
      .array(
        z.object({
          id,
          title: z.string().min(1),
          text: z.string().min(1),
          /** One of the spec's card action labels. */
          label: z.string().min(1),
          /** One of the spec's card action target route names. */
          target: z.string().min(1),
        }),
      )
      .min(1),
  })
  .strict()
  .meta({ id: 'CardSet' });
export type CardSet = z.infer<typeof CardSet>;

export const Wizard = z
  .object({
    kind: z.literal('wizard'),
    ...header,
    inputs: z.array(TableInput),
    steps: z
      .array(
        z.object({
          id,
          label: z.string().min(1),
          available: ConditionSchema.optional(),
          /** The step's route, for wizards whose steps are screens (post-sale). */
          route: z.string().startsWith('/').optional(),
          /** The step's heading and paragraphs as the customer reads them. */
          title: z.string().min(1).optional(),
          texts: z.array(z.string().min(1)).optional(),
        }),
      )
      .min(1),
  })
  .strict()
  .meta({ id: 'Wizard' });
export type Wizard = z.infer<typeof Wizard>;

export const FlowDefinition = z.discriminatedUnion('kind', [DecisionTable, CardSet, Wizard]).meta({ id: 'FlowDefinition' });
export type FlowDefinition = z.infer<typeof FlowDefinition>;

export const Vocabulary = z
  .object({
    kind: z.literal('vocabulary'),
    $comment: z.string().optional(),
    enums: z.record(z.string(), z.array(Scalar)),
    cardLabels: z.array(z.string()),
    cardTargets: z.array(z.string()),
    /** Route paths of the spec that tables may send a customer to. */
    screens: z.array(z.string().startsWith('/')),
  })
  .strict()
  .meta({ id: 'Vocabulary' });
export type Vocabulary = z.infer<typeof Vocabulary>;

/** The pt-BR texts (screens/texts/pt-BR.json) as a publishable definition (`texts.json` of the bundle). */
export const TextsDefinition = z
  .object({ kind: z.literal('texts'), locale: z.literal('pt-BR'), texts: z.record(z.string().min(1), z.string()) })
  .strict()
  .meta({ id: 'TextsDefinition' });
export type TextsDefinition = z.infer<typeof TextsDefinition>;

const colour = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'não é uma cor: use #RRGGBB');
export const THEME_TOKEN_NAMES = [
  'primary', 'onPrimary', 'secondary', 'onSecondary', 'surface', 'onSurface', 'background', 'onBackground', 'muted', 'border', 'info', 'success', 'warning', 'danger',
] as const;

/** A partner's theme tokens set by operations (`tema-<partner>.json`): they win over the colours the back office gives. */
export const ThemeDefinition = z
  .object({
    kind: z.literal('theme'),
    id: z.string().regex(/^tema-\d+$/, 'use tema-<id do parceiro>'),
    partner: z.number().int().positive(),
    title: z.string().min(1),
    tokens: z.partialRecord(z.enum(THEME_TOKEN_NAMES), colour),
  })
  .strict()
  .meta({ id: 'ThemeDefinition' });
export type ThemeDefinition = z.infer<typeof ThemeDefinition>;

/** Everything publishable, as one versioned bundle. */
export interface FlowBundle {
  vocabulary: Vocabulary;
  definitions: FlowDefinition[];
  /** The texts in service, when the bundle carries them (every stored version since texts became definitions). */
  texts?: Record<string, string>;
  /** Partner themes set from the console. */
  themes?: ThemeDefinition[];
}
