import { z } from 'zod';
import { BRIDGE_METHODS } from './actions.js';

/**
 * The native bridge: what the web renderer posts to a wrapper and what the wrapper answers.
 *
 * Envelope posted by the renderer: `{ id, method, args }`.
 * - Android: `window.ReactNativeWebView.postMessage(JSON.stringify(envelope))` (the injected object).
 * - iOS: `window.webkit.messageHandlers.consorcio.postMessage(envelope)`.
 * The wrapper answers by calling `window.consorcioBridge.answer({ id, result })` (object or JSON string).
 * An answer whose `result` does not match the message's answer schema, or no answer within
 * BRIDGE_TIMEOUT_MS, counts as "no": the renderer runs the action's `otherwise` (the web path), silently.
 */
export const BRIDGE_TIMEOUT_MS = 2000;
export const ANDROID_BRIDGE_OBJECT = 'ReactNativeWebView';
export const IOS_MESSAGE_HANDLER = 'consorcio';
export const ANSWER_FUNCTION = 'consorcioBridge.answer';

export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

export const Ok = z.object({ ok: z.boolean() });

export interface BridgeMessage {
  summary: string;
  /** Who starts it: a screen's `bridge` action, or the renderer on its own. */
  sentBy: 'screen-action' | 'renderer';
  payload: z.ZodType;
  answer: z.ZodType;
  /** What the renderer does with a yes, and with a no / wrong shape / timeout / no wrapper. */
  onYes: string;
  onNo: string;
  example: { args: unknown; answer: unknown; screen?: string };
}

/** Every message of the bridge, by method name. The record type keeps it complete for BRIDGE_METHODS. */
export const BRIDGE_MESSAGES: Record<BridgeMethod, BridgeMessage> = {
  biometrics: {
    summary: 'Enrol biometrics (enable: true, screen /biometria) or unlock with them (unlock: true); a failure asks for the password again.',
    sentBy: 'screen-action',
    payload: z.object({ enable: z.boolean().optional(), unlock: z.boolean().optional() }).strict(),
    answer: Ok.extend({ reason: z.enum(['failed', 'cancelled', 'unavailable']).optional() }),
    onYes: "runs the action's `then` (after enrolment: back to /home)",
    onNo: "runs the action's `otherwise`: /entrar, the password again",
    example: { args: { enable: true }, answer: { ok: true }, screen: '/biometria' },
  },
  'push-opt-in': {
    summary: 'Ask the OS for push permission and register the device token with the wrapper’s push provider.',
    sentBy: 'screen-action',
    payload: z.object({}).strict(),
    answer: z.object({ granted: z.boolean(), token: z.string().min(1).optional() }),
    onYes: "runs `then`: POST /api/actions/notifications/push { bloquear: false } (block_push_notification = false)",
    onNo: 'nothing; the push preference stays as it is',
    example: { args: {}, answer: { granted: true, token: 'fcm:abc123' }, screen: '/notificacoes/preferencias' },
  },
  'status-bar-color': {
    summary: "Paint the device status bar in the partner theme's primary colour.",
    sentBy: 'renderer',
    payload: z.object({ color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict(),
    answer: Ok,
    onYes: 'nothing more',
    onNo: 'nothing (the web has no status bar)',
    example: { args: { color: '#0B5FFF' }, answer: { ok: true } },
  },
  'share-file': {
    summary: 'Share a same-origin PDF (slip, statement, purchase order, document) through the OS share sheet; the wrapper downloads `href` with the session cookie.',
    sentBy: 'screen-action',
    payload: z.object({ href: z.string().startsWith('/api/'), filename: z.string().min(1) }).strict(),
    answer: z.object({ shared: z.boolean() }),
    onYes: 'nothing more',
    onNo: "runs `otherwise`: the file's download (the web path)",
    example: { args: { href: '/api/arquivos/boletos/123456', filename: 'boleto-123456.pdf' }, answer: { shared: true }, screen: '/boletos/boletogerado' },
  },
  evaluation: {
    summary: 'Reserved: the evaluation modal itself is a screen modal the server sends to wrappers only (x-client-platform); no screen sends this message yet. When one does, after the customer liked a flow, the wrapper may open the store review.',
    sentBy: 'screen-action',
    payload: z.object({ fluxo: z.string().min(1) }).strict(),
    answer: z.object({ reviewed: z.boolean() }),
    onYes: 'nothing more',
    onNo: 'nothing',
    example: { args: { fluxo: 'boletos' }, answer: { reviewed: false } },
  },
  device: {
    summary: 'Device detection: the renderer asks which wrapper it runs in; a wrapper is found by its bridge (Android object or iOS handler) and the answer names platform and app version.',
    sentBy: 'renderer',
    payload: z.object({}).strict(),
    answer: z.object({ platform: z.enum(['android', 'ios']), appVersion: z.string().regex(/^\d+(\.\d+)*$/) }),
    onYes: 'sends x-client-platform (and x-app-version) on every request',
    onNo: 'sends x-client-platform from the bridge found, without x-app-version',
    example: { args: {}, answer: { platform: 'android', appVersion: '1.70.00' } },
  },
};
