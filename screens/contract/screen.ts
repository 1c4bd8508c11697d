import { z } from 'zod';
import { Action } from './actions.js';
import { Component } from './components.js';

/** Bumped on an incompatible change of the envelope; components evolve through capabilities + fallbacks. */
export const SCHEMA_VERSION = 1 as const;

/** Semantic colour tokens derived on the server from the partner's colours (contrast-checked). */
export const ThemeTokens = z
  .object({
    primary: z.string(),
    onPrimary: z.string(),
    secondary: z.string(),
    onSecondary: z.string(),
    surface: z.string(),
    onSurface: z.string(),
    background: z.string(),
    onBackground: z.string(),
    muted: z.string(),
    border: z.string(),
    info: z.string(),
    success: z.string(),
    warning: z.string(),
    danger: z.string(),
  })
  .meta({ id: 'ThemeTokens' });

export const PartnerBranding = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logoUrl: z.string().optional(),
    iconUrl: z.string().optional(),
    theme: ThemeTokens,
  })
  .meta({ id: 'PartnerBranding' });

export const Modal = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.array(Component),
    actions: z.array(z.object({ label: z.string(), action: Action, variant: z.enum(['primary', 'secondary', 'link']).optional() })),
  })
  .meta({ id: 'Modal' });

export const ScreenDocument = z
  .object({
    schemaVersion: z.literal(SCHEMA_VERSION),
    kind: z.literal('screen'),
    /** Screen id from the definitions (e.g. `home`). */
    screen: z.string(),
    /** The route this document answers, so a reload lands on the same screen. */
    route: z.string().startsWith('/'),
    title: z.string(),
    partner: PartnerBranding,
    /** Authenticated layout (header with logout) or a public page. */
    chrome: z.enum(['public', 'authenticated']),
    layout: z.array(Component),
    modals: z.array(Modal).default([]),
    meta: z.object({ definitions: z.string() }),
  })
  .meta({ id: 'ScreenDocument' });

/** The path asked for is another screen (guard, default child, after login). */
export const RedirectDocument = z
  .object({
    schemaVersion: z.literal(SCHEMA_VERSION),
    kind: z.literal('redirect'),
    to: z.string().startsWith('/'),
  })
  .meta({ id: 'RedirectDocument' });

export const ScreenResponse = z.discriminatedUnion('kind', [ScreenDocument, RedirectDocument]).meta({ id: 'ScreenResponse' });

/** What POST /api/actions/… answers. */
export const ActionResult = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('navigate'),
      to: z.string().startsWith('/'),
      replace: z.boolean().optional(),
      /**
       * The document of `to`, composed in the same request when the client asked for it
       * (NEXT_SCREEN_HEADER): the client draws it without asking for the screen again.
       */
      screen: ScreenResponse.optional(),
    }),
    z.object({
      kind: z.literal('field-errors'),
      errors: z.record(z.string(), z.string()),
      message: z.string().optional(),
    }),
    z.object({ kind: z.literal('error'), title: z.string(), message: z.string(), retry: z.boolean().optional() }),
    z.object({ kind: z.literal('snackbar'), message: z.string(), to: z.string().startsWith('/').optional(), screen: ScreenResponse.optional() }),
    z.object({ kind: z.literal('modal'), modal: Modal }),
    /** The component with `node.id` on the current screen is replaced by `node` (a chat's new messages). */
    z.object({ kind: z.literal('replace'), node: Component }),
  ])
  .meta({ id: 'ActionResult' });

export type ThemeTokens = z.infer<typeof ThemeTokens>;
export type PartnerBranding = z.infer<typeof PartnerBranding>;
export type Modal = z.infer<typeof Modal>;
export type ScreenDocument = z.infer<typeof ScreenDocument>;
export type RedirectDocument = z.infer<typeof RedirectDocument>;
export type ScreenResponse = z.infer<typeof ScreenResponse>;
export type ActionResult = z.infer<typeof ActionResult>;
