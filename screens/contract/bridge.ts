import { z } from 'zod';
import { BRIDGE_METHODS } from './actions.js';
export { BRIDGE_ANSWER_FIELD } from './protocol.js';

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

/**
 * The device-bound biometric credential: at least 32 random bytes in base64url, created by the
 * wrapper at enrolment and kept in the Keychain / Android Keystore behind the biometric prompt.
 * The server keeps only its SHA-256 (and the back-office refresh token sealed with a key derived
 * from it), never the password.
 */
export const BiometricCredential = z.string().regex(/^[A-Za-z0-9_-]{43,256}$/);

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
    summary:
      'Enrol biometrics (enable: true, screen /biometria, after a password login): the wrapper prompts, creates a random credential (≥ 32 bytes, base64url), keeps it in the Keychain / Keystore behind the biometric prompt and answers it. Unlock (unlock: true, on /login and /entrar when this device enrolled): the wrapper prompts and answers the stored credential. A failure, a cancel or no credential answers ok: false; the customer types the password again.',
    sentBy: 'screen-action',
    payload: z.object({ enable: z.boolean().optional(), unlock: z.boolean().optional() }).strict(),
    answer: Ok.extend({ reason: z.enum(['failed', 'cancelled', 'unavailable']).optional(), credential: BiometricCredential.optional() }),
    onYes:
      "runs the action's `then` with the answer as `resposta`: POST /api/actions/auth/biometrics-enrol (the server seals a back-office refresh token with the credential) or POST /api/actions/auth/biometrics-unlock (a new session, then /home)",
    onNo: "runs the action's `otherwise`: /entrar?biometria=falhou, the password again",
    example: { args: { unlock: true }, answer: { ok: true, credential: 'q3JvbWV0cmlhLWRlLWV4ZW1wbG8tY29tLTMyLWJ5dGVzLW5v' }, screen: '/login' },
  },
  'push-opt-in': {
    summary: 'Ask the OS for push permission and register the device token with the wrapper’s push provider.',
    sentBy: 'screen-action',
    payload: z.object({}).strict(),
    answer: z.object({ granted: z.boolean(), token: z.string().min(1).optional() }),
    onYes:
      "runs `then`: POST /api/actions/notifications/push { bloquear: false, resposta: { granted, token } }: block_push_notification = false in the back office, and the token registered for this customer and platform (paused while block_push_notification is true)",
    onNo: 'nothing; the push preference stays as it is',
    example: { args: {}, answer: { granted: true, token: 'fcm:abc123' }, screen: '/notifications/preferencias' },
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
  copy: {
    summary:
      "Copy a text to the device clipboard (a slip's typeable line, its Pix code): the renderer sends it for every `copy` action inside a wrapper, before trying the web clipboard, which a WebView may not offer. The wrapper answers copied: true only once the text is on the clipboard.",
    sentBy: 'renderer',
    payload: z.object({ text: z.string().min(1).max(4096) }).strict(),
    answer: z.object({ copied: z.boolean() }),
    onYes: "shows the action's message (\"Código Pix copiado.\")",
    onNo: 'tries the web clipboard (navigator.clipboard.writeText); when that fails too, shows the text selected in a read-only field with "Copie o código manualmente", never a "copiado"',
    example: { args: { text: '00190000090000000000010017000018116560000123456' }, answer: { copied: true }, screen: '/boletos/boletogerado' },
  },
};
