import { z } from 'zod';
import { Action } from './actions.js';
import { BRIDGE_MESSAGES, BRIDGE_TIMEOUT_MS, ANDROID_BRIDGE_OBJECT, IOS_MESSAGE_HANDLER, ANSWER_FUNCTION } from './bridge.js';
import { COMPONENT_TYPES, MIN_RENDERER_VERSION } from './components.js';
import { DEFAULT_FALLBACK } from './fallbacks.js';
import {
  BRIDGE_ANSWER_FIELD,
  CLIENT_APP_VERSION_HEADER,
  CLIENT_PLATFORM_HEADER,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  NEXT_SCREEN_HEADER,
  NEXT_SCREEN_INLINE,
  RENDERER_CAPABILITIES_HEADER,
  RENDERER_VERSION_HEADER,
  SCREEN_PARTS_HEADER,
  SCREEN_PARTS_WAIT,
} from './protocol.js';
import { SCHEMA_VERSION } from './screen.js';

/**
 * Version of the published native contract. Raise it with any breaking change (a removed component,
 * action, message or field, a narrowed type): tests/contract/native-contract.test.ts compares the
 * generated contract with the committed one and refuses a breaking change at the same version.
 */
export const NATIVE_CONTRACT_VERSION = 1;

export const NATIVE_CONTRACT_URL = '/api/contract/native.json';
export const SCREEN_SCHEMA_PATH = '/api/contract/screen.schema.json';

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
}

/** The native contract as data: what a wrapper or a native renderer needs, without reading TypeScript. */
export function nativeContract() {
  const actionUnion = Action.options;
  return {
    $id: 'https://consorcio.app/schemas/native.v1.json',
    schemaVersion: NATIVE_CONTRACT_VERSION,
    screenDocumentSchemaVersion: SCHEMA_VERSION,
    screenSchema: SCREEN_SCHEMA_PATH,
    headers: {
      [RENDERER_VERSION_HEADER]: { sentOn: 'every request', value: 'dotted version of the renderer (e.g. 1.1.0); components newer than it come as fallbacks' },
      [RENDERER_CAPABILITIES_HEADER]: { sentOn: 'GET /api/screens, and actions sent with x-next-screen', value: 'comma-separated component types the client draws; absent means every type of this version' },
      [SCREEN_PARTS_HEADER]: { sentOn: 'GET /api/screens, asking again once for a screen that came with a `pending` node', value: `${SCREEN_PARTS_WAIT}: the server waits for every part of the screen (up to its deadline) instead of leaving out those past their budget` },
      [NEXT_SCREEN_HEADER]: {
        sentOn: 'POST /api/actions/…, by a client that draws the screen an answer leads to from the answer itself',
        value: `${NEXT_SCREEN_INLINE}: an answer that moves to another screen (navigate, or a snackbar with \`to\`) carries that screen's document (or the redirect it answers) in \`screen\`, composed for the request's renderer version and capabilities; absent when it could not be composed now, and the client asks GET /api/screens as before`,
      },
      [CLIENT_PLATFORM_HEADER]: { sentOn: 'every request, by wrappers only — the page load too (Android `loadUrl(url, headers)`, iOS `URLRequest` header)', value: "android | ios; unlocks wrapper features (biometrics, push, share, evaluation modal, mobile-only routes); on the page load it tells the server not to draw the plain web's first screen, which the wrapper's renderer would throw away" },
      [CLIENT_APP_VERSION_HEADER]: { sentOn: 'every request, by wrappers only', value: 'app version (e.g. 1.70.00), checked against the mandatory versions' },
      [CSRF_HEADER]: { sentOn: 'every non-GET request', value: CSRF_HEADER_VALUE },
    },
    components: COMPONENT_TYPES.map((type) => ({
      type,
      minRendererVersion: MIN_RENDERER_VERSION[type] ?? null,
      defaultFallback: DEFAULT_FALLBACK[type] ?? null,
    })),
    actions: actionUnion.map((option) => ({ type: (option.shape.type as z.ZodLiteral<string>).value, schema: jsonSchema(option) })),
    bridge: {
      android: { object: `window.${ANDROID_BRIDGE_OBJECT}`, post: `window.${ANDROID_BRIDGE_OBJECT}.postMessage(JSON.stringify({ id, method, args }))` },
      ios: { handler: `window.webkit.messageHandlers.${IOS_MESSAGE_HANDLER}`, post: `window.webkit.messageHandlers.${IOS_MESSAGE_HANDLER}.postMessage({ id, method, args })` },
      answer: `window.${ANSWER_FUNCTION}({ id, result })`,
      timeoutMs: BRIDGE_TIMEOUT_MS,
      /** A `then: submit` after a yes carries the wrapper's answer in this body field. */
      answerField: BRIDGE_ANSWER_FIELD,
      messages: Object.entries(BRIDGE_MESSAGES).map(([method, m]) => ({
        method,
        summary: m.summary,
        sentBy: m.sentBy,
        payload: jsonSchema(m.payload),
        answer: jsonSchema(m.answer),
        onYes: m.onYes,
        onNo: m.onNo,
        example: m.example,
      })),
    },
  };
}

export type NativeContract = ReturnType<typeof nativeContract>;

export function nativeContractJson(): string {
  return `${JSON.stringify(nativeContract(), null, 2)}\n`;
}
