import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { flowJsonSchema, screenJsonSchema } from '../../screens/contract/json-schema.js';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client, findAll } from '../helpers/api-client.js';
import { startStack, type Stack } from '../helpers/stack.js';

const schemaFile = fileURLToPath(new URL('../../screens/contract/screen.schema.json', import.meta.url));
const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addFormat('starts_with', true);
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
ajv.addSchema(schema);
const validateScreen = ajv.compile({ $ref: `${schema.$id}#/$defs/ScreenResponse` });

describe('screen contract', () => {
  it('has a committed JSON Schema that matches the zod source (run npm run schema:export)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(screenJsonSchema());
  });

  it('has a committed JSON Schema for flow definitions that matches the zod source, and every shipped flow file validates', () => {
    const flowSchemaFile = fileURLToPath(new URL('../../screens/contract/flow.schema.json', import.meta.url));
    expect(readFileSync(flowSchemaFile, 'utf8')).toBe(flowJsonSchema());
    const flowAjv = new Ajv2020({ allErrors: true, strict: false });
    flowAjv.addFormat('starts_with', true);
    const validateFlow = flowAjv.compile(JSON.parse(readFileSync(flowSchemaFile, 'utf8')));
    const dir = fileURLToPath(new URL('../../screens/flows/', import.meta.url));
    const files = [...readdirSync(dir).map((f) => `${dir}${f}`), fileURLToPath(new URL('../../screens/routes.json', import.meta.url))];
    for (const file of files) {
      const ok = validateFlow(JSON.parse(readFileSync(file, 'utf8')));
      expect(ok, `${file}: ${JSON.stringify(validateFlow.errors)}`).toBe(true);
    }
  });

  it('gives every form input a label and an error message, in every layout', () => {
    const { layouts, texts } = loadDefinitions();
    let inputs = 0;
    for (const layout of layouts.values()) {
      for (const form of findAll(layout.layout as never[], (n) => n.type === 'form')) {
        // A schema the loader builds (documents by person or company) is checked by that screen's API test.
        if ('$value' in form.schema) continue;
        for (const [name, field] of Object.entries(form.schema.properties as Record<string, { title?: string; errorMessage?: string }>)) {
          inputs++;
          const where = `${layout.screen}.${name}`;
          expect(field.title, `${where} has no label`).toMatch(/^@/);
          expect(field.errorMessage, `${where} has no error message`).toMatch(/^@/);
          expect(texts[field.title!.slice(1)], `${where} label text`).toBeTruthy();
          expect(texts[field.errorMessage!.slice(1)], `${where} error text`).toBeTruthy();
        }
      }
    }
    expect(inputs).toBeGreaterThan(0);
  });
});

describe('every emitted screen validates against the JSON Schema', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.close());

  const paths = loadDefinitions()
    .routes.map((r) => r.path)
    .filter((p) => !p.includes(':'));

  it.each(['ana', 'marcos', 'delta'])('for %s, on every route of the table', async (key) => {
    const host = key === 'marcos' ? `horizonte.localhost:${stack.port}` : undefined;
    const anonymous = client(stack.baseUrl, host);
    const c = client(stack.baseUrl, host);
    await c.loginWithQuota(key);
    for (const path of [...paths, '/nao-existe']) {
      for (const who of [anonymous, c]) {
        const res = await who.screen(path);
        expect(res.status, `${key} ${path}`).toBe(path === '/nao-existe' ? 404 : 200);
        const ok = validateScreen(res.body);
        expect(ok, `${key} ${path}: ${JSON.stringify(validateScreen.errors?.slice(0, 2))}`).toBe(true);
      }
    }
  });
});
