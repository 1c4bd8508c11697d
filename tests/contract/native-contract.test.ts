import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRIDGE_MESSAGES } from '../../screens/contract/bridge.js';
import { COMPONENT_TYPES, MIN_RENDERER_VERSION } from '../../screens/contract/components.js';
import { DEFAULT_FALLBACK } from '../../screens/contract/fallbacks.js';
import { breakingChanges } from '../../screens/contract/native-compat.js';
import { NATIVE_CONTRACT_VERSION, nativeContract, nativeContractJson } from '../../screens/contract/native-contract.js';
import { nativeContractMarkdown } from '../../screens/contract/native-contract-doc.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('published native contract', () => {
  it('is committed as generated from the zod sources, with its page (run npm run schema:export)', () => {
    expect(read('../../screens/contract/native-contract.json')).toBe(nativeContractJson());
    expect(read('../../docs/native-contract.md')).toBe(nativeContractMarkdown());
  });

  it('gives every component type a minimum renderer version and a default fallback', () => {
    const missing = COMPONENT_TYPES.filter((type) => !MIN_RENDERER_VERSION[type] || !DEFAULT_FALLBACK[type]);
    expect(missing, 'components without a minimum version or a fallback (screens/contract/components.ts, fallbacks.ts)').toEqual([]);
    for (const c of nativeContract().components) expect(c.minRendererVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names every bridge message with a payload and an answer schema and one worked example that fits them', () => {
    for (const [method, m] of Object.entries(BRIDGE_MESSAGES)) {
      expect(m.payload.safeParse(m.example.args).success, `${method} example args`).toBe(true);
      expect(m.answer.safeParse(m.example.answer).success, `${method} example answer`).toBe(true);
    }
    expect(nativeContract().bridge.messages.map((m) => m.method)).toEqual(['biometrics', 'push-opt-in', 'status-bar-color', 'share-file', 'evaluation', 'device', 'copy']);
  });

  it('has no breaking change against the baseline of its version (raise NATIVE_CONTRACT_VERSION otherwise)', () => {
    const baseline = JSON.parse(read(`../../screens/contract/native-contract.v${NATIVE_CONTRACT_VERSION}.json`));
    expect(breakingChanges(baseline, nativeContract())).toEqual([]);
  });

  it('flags a removed component, a removed field, a narrowed type and a removed message, but not an addition', () => {
    const base = clone(nativeContract()) as unknown as Record<string, any>;
    const removedComponent = clone(base);
    removedComponent.components = removedComponent.components.filter((c: { type: string }) => c.type !== 'banner');
    expect(breakingChanges(base, removedComponent)).toContain('component banner removed');

    const removedField = clone(base);
    const share = removedField.bridge.messages.find((m: { method: string }) => m.method === 'share-file');
    delete share.payload.properties.filename;
    expect(breakingChanges(base, removedField)).toContain('bridge share-file payload.filename: removed');

    const narrowed = clone(base);
    const bridgeAction = narrowed.actions.find((a: { type: string }) => a.type === 'bridge');
    const method = bridgeAction.schema.$defs.BridgeAction.properties.method;
    method.enum = method.enum.filter((v: string) => v !== 'share-file');
    expect(breakingChanges(base, narrowed)).toContain('action bridge.method: value "share-file" removed');

    const typeNarrowed = clone(base);
    typeNarrowed.bridge.messages.find((m: { method: string }) => m.method === 'device').answer.properties.appVersion.type = 'number';
    expect(breakingChanges(base, typeNarrowed)).toContain('bridge device answer.appVersion: type string removed');

    const removedMessage = clone(base);
    removedMessage.bridge.messages = removedMessage.bridge.messages.filter((m: { method: string }) => m.method !== 'evaluation');
    expect(breakingChanges(base, removedMessage)).toContain('bridge message evaluation removed');

    const added = clone(base);
    added.components.push({ type: 'hologram', minRendererVersion: '9.0.0', defaultFallback: { kind: 'omit' } });
    added.bridge.messages[0].answer.properties.extra = { type: 'string' };
    expect(breakingChanges(base, added)).toEqual([]);
  });
});
