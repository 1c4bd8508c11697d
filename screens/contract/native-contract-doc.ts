import { NATIVE_CONTRACT_URL, nativeContract } from './native-contract.js';

const json = (value: unknown) => JSON.stringify(value);

/** docs/native-contract.md, generated from the native contract (npm run schema:export). */
export function nativeContractMarkdown(): string {
  const c = nativeContract();
  const lines: string[] = [
    '# Native contract (generated — do not edit; `npm run schema:export`)',
    '',
    `What an Android or iOS wrapper, or a native renderer, needs to know. Served at \`${NATIVE_CONTRACT_URL}\` (this page in JSON) and \`${c.screenSchema}\` (JSON Schema of screen documents); committed as \`screens/contract/native-contract.json\` and \`screens/contract/screen.schema.json\`.`,
    '',
    `Contract version **${c.schemaVersion}** (screen documents: schemaVersion ${c.screenDocumentSchemaVersion}). A breaking change (a removed component, action, message or field, a narrowed type) must raise \`NATIVE_CONTRACT_VERSION\` in \`screens/contract/native-contract.ts\`; \`tests/contract/native-contract.test.ts\` refuses it otherwise.`,
    '',
    '## Headers',
    '',
    '| Header | Sent on | Value |',
    '|---|---|---|',
    ...Object.entries(c.headers).map(([name, h]) => `| \`${name}\` | ${h.sentOn} | ${h.value} |`),
    '',
    'Screens: `GET /api/screens?path=/home` answers a screen document or a redirect; actions: `POST /api/actions/<area>/<name>`. A route marked mobile-only in `screens/routes.json` is served only to a wrapper (or a mobile browser); elsewhere it redirects to its fallback route.',
    '',
    '## Components',
    '',
    'A client declares what it draws; the server replaces what it cannot draw (or what is newer than its renderer version) by the node\'s own `fallback`, else by the type\'s default fallback below (`text`: a text made of those fields; `children`: its items in its place; `omit`: nothing).',
    '',
    '| Component | Minimum renderer version | Default fallback |',
    '|---|---|---|',
    ...c.components.map((k) => `| \`${k.type}\` | ${k.minRendererVersion ?? '—'} | ${k.defaultFallback ? (k.defaultFallback.kind === 'text' ? `text from ${k.defaultFallback.from.map((f) => `\`${f}\``).join(' + ')}` : k.defaultFallback.kind) : '—'} |`),
    '',
    '## Actions',
    '',
    ...c.actions.map((a) => `- \`${a.type}\``),
    '',
    'Their JSON Schemas are in the JSON contract (`actions[].schema`).',
    '',
    '## The bridge',
    '',
    `- Android: the wrapper injects \`${c.bridge.android.object}\`; the renderer calls \`${c.bridge.android.post}\`.`,
    `- iOS: the wrapper registers \`${c.bridge.ios.handler}\`; the renderer calls \`${c.bridge.ios.post}\`.`,
    `- The wrapper answers with \`${c.bridge.answer}\` (an object or its JSON string), \`id\` being the message's.`,
    `- No answer within ${c.bridge.timeoutMs} ms, or an answer of the wrong shape, counts as "no": the renderer takes the web path (the action's \`otherwise\`) and shows nothing alarming.`,
    '- The renderer finds a wrapper by its bridge and then sends `x-client-platform` (android or ios) on every request; without a bridge, wrapper-only features are absent.',
    '',
  ];
  for (const m of c.bridge.messages) {
    lines.push(
      `### \`${m.method}\``,
      '',
      m.summary,
      '',
      `- Sent by: ${m.sentBy === 'renderer' ? 'the renderer itself' : 'a screen\'s `bridge` action'}${m.example.screen ? ` (e.g. on \`${m.example.screen}\`)` : ''}.`,
      `- Payload schema: \`${json(m.payload)}\``,
      `- Answer schema: \`${json(m.answer)}\``,
      `- On yes: ${m.onYes}. On no: ${m.onNo}.`,
      '',
      'Worked example:',
      '',
      '```js',
      `// renderer → wrapper`,
      `{ "id": "b1", "method": "${m.method}", "args": ${json(m.example.args)} }`,
      `// wrapper → renderer`,
      `window.consorcioBridge.answer({ "id": "b1", "result": ${json(m.example.answer)} })`,
      '```',
      '',
    );
  }
  lines.push(
    '## For developers of this project',
    '',
    '- Sources: `screens/contract/bridge.ts` (messages), `fallbacks.ts` (default fallbacks), `components.ts` (`MIN_RENDERER_VERSION`), `native-contract.ts` (the contract and its version), `native-compat.ts` (what counts as breaking). `npm run schema:export` regenerates the JSON, this page, and writes `native-contract.v<N>.json`, the baseline of a new version; it refuses a breaking change at the same version.',
    '- A new component needs a `MIN_RENDERER_VERSION` and a `DEFAULT_FALLBACK` entry, or `tests/contract/native-contract.test.ts` fails.',
    '- A `bridge` action may carry `then` (run on a yes) and `otherwise` (the web path: no wrapper, a no, a wrong answer, 2 s of silence), e.g. `share-file` with `otherwise: download`.',
    '- Renderer side: `renderer/src/lib/bridge.ts` (detection, 2 s timeout, answer checks, `x-client-platform`, status bar from the theme) and `renderer/src/actions/bridge.ts`.',
    '- Wrapper harness for end-to-end tests: `tests/helpers/wrapper.ts` — `openInWrapper(browser, \'android\' | \'ios\', answers)` injects the fake bridge, records every message (`wrapper.message(method)`) and answers it (`\'silent\'` never answers). Journeys: `tests/e2e/ana-in-the-android-wrapper-*.test.ts`, `tests/e2e/ana-on-ios-*.test.ts`; API: `tests/api/native-wrapper.test.ts` (older renderer, wrapper-only features).',
    '- Try it by hand: send `x-client-platform: android` to `GET /api/screens?path=/biometria` (served) and without it (redirect to `/indisponivel`); send `x-renderer-version: 1.0.0` and `x-renderer-capabilities: heading,text,value,button,card,list,form` to see fallbacks.',
    '',
  );
  return `${lines.join('\n').trimEnd()}\n`;
}
