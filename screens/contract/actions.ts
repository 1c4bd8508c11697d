import { z } from 'zod';

/**
 * Actions are data: the renderer executes them through its action registry,
 * the server decides what they mean.
 */
export const NavigateAction = z
  .object({
    type: z.literal('navigate'),
    to: z.string().startsWith('/'),
    replace: z.boolean().optional(),
  })
  .meta({ id: 'NavigateAction' });

/** POST /api/actions/<action> with the enclosing form's data merged over `payload`. */
export const SubmitAction = z
  .object({
    type: z.literal('submit'),
    action: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/),
    payload: z.record(z.string(), z.unknown()).optional(),
    loadingMessage: z.string().optional(),
    /**
     * Shown at once, before the server answers: the component `id` of the current screen is
     * replaced by a text saying `text`, and restored when the action fails (error or no answer).
     */
    optimistic: z.object({ id: z.string().min(1), text: z.string().min(1) }).optional(),
  })
  .meta({ id: 'SubmitAction' });

/** A same-origin file streamed by the server with the session; never a URL carrying a token. */
export const DownloadAction = z
  .object({
    type: z.literal('download'),
    href: z.string().startsWith('/api/'),
    filename: z.string(),
  })
  .meta({ id: 'DownloadAction' });

export const OpenUrlAction = z
  .object({ type: z.literal('open-url'), url: z.url({ protocol: /^https?$/ }) })
  .meta({ id: 'OpenUrlAction' });

/**
 * Copies `text` (a typeable line, a Pix code) to the clipboard: inside a wrapper through the
 * bridge's `copy` message, else the web clipboard. `message` ("… copiado.") is shown only when the
 * copy succeeded; otherwise the renderer shows the text selected in a read-only field named by
 * `label` (what is copied, as people call it), with "Copie o código manualmente".
 */
export const CopyAction = z
  .object({ type: z.literal('copy'), text: z.string(), message: z.string(), label: z.string().min(1).optional() })
  .meta({ id: 'CopyAction' });

/** Message names of the native bridge (their payloads and answers: screens/contract/bridge.ts). */
export const BRIDGE_METHODS = ['biometrics', 'push-opt-in', 'status-bar-color', 'share-file', 'evaluation', 'device', 'copy'] as const;

/** What a bridge action may run after the wrapper answers (no nested bridge calls). */
const FollowUp = z.discriminatedUnion('type', [NavigateAction, SubmitAction, DownloadAction, OpenUrlAction, CopyAction]);

/**
 * A call into the native wrapper (biometrics, push opt-in, status bar, share…); ignored on the web.
 * `then` runs when the wrapper answers yes; `otherwise` is the web path, run when there is no
 * wrapper, the wrapper says no, answers with the wrong shape or does not answer within 2 s.
 * A `then` of type submit carries the wrapper's answer in its body as `resposta` (protocol.ts).
 */
export const BridgeAction = z
  .object({
    type: z.literal('bridge'),
    method: z.enum(BRIDGE_METHODS),
    args: z.record(z.string(), z.unknown()).optional(),
    then: FollowUp.optional(),
    otherwise: FollowUp.optional(),
  })
  .meta({ id: 'BridgeAction' });

export const DismissAction = z.object({ type: z.literal('dismiss') }).meta({ id: 'DismissAction' });

export const Action = z
  .discriminatedUnion('type', [
    NavigateAction,
    SubmitAction,
    DownloadAction,
    OpenUrlAction,
    CopyAction,
    BridgeAction,
    DismissAction,
  ])
  .meta({ id: 'Action' });

export type Action = z.infer<typeof Action>;
export type ActionType = Action['type'];
