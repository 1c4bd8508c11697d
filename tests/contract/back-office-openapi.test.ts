import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredEndpoints, isReadOnly } from '../../back-office/catalogue.js';
import { BACK_OFFICE_OPENAPI_FILE, BACK_OFFICE_OPENAPI_URL, backOfficeOpenApi, dependentsOf } from '../../server/src/capabilities/contract/back-office-openapi.js';
import { allPersonas, persona } from '../helpers/personas.js';
import { recordScreenDependents } from '../helpers/screen-dependents.js';
import { useStack } from '../helpers/stack.js';

/**
 * The consumer contract of the back office (back-office/openapi.json): generated from the
 * declarations, kept current, naming the screens that depend on each call, served for the back
 * office's team. `npm run contract:back-office:screens` runs this file with BACK_OFFICE_RECORD=1:
 * every persona through every journey route, and the document written with what they called.
 */
const stack = useStack();
const FILE = BACK_OFFICE_OPENAPI_FILE;
const RECORD = process.env.BACK_OFFICE_RECORD === '1';
type Operation = Record<string, unknown> & { parameters: Array<{ name?: string; in?: string; required?: boolean }>; 'x-screens': string[]; 'x-declarations': string[] };
const committed = () => JSON.parse(readFileSync(FILE, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const operationOf = (doc: ReturnType<typeof committed>, method: string, path: string) => doc.paths[path]?.[method]!;

describe.runIf(RECORD)('recording which screens depend on each call', () => {
  it('writes the document with the calls every persona’s screens made', async () => {
    const dependents = await recordScreenDependents(stack, allPersonas());
    writeFileSync(FILE, `${JSON.stringify(backOfficeOpenApi(dependents), null, 2)}\n`);
  }, 900_000);
});

describe.skipIf(RECORD)('the back office’s consumer contract', () => {
  it('is what the declarations generate (npm run contract:back-office regenerates it)', () => {
    const doc = committed();
    expect(doc).toEqual(backOfficeOpenApi(dependentsOf(doc)));
  });

  it('holds every declared call once, with its parameters, its answer’s schema and whether it only reads', () => {
    const doc = committed();
    const declared = declaredEndpoints();
    for (const { name, endpoint } of declared) expect(operationOf(doc, endpoint.method.toLowerCase(), `/${endpoint.path}`)['x-declarations'], name).toContain(name);
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBe(new Set(declared.map(({ endpoint: e }) => `${e.method} ${e.path}`)).size);

    const secondCopy = operationOf(doc, 'get', '/cotas/{id}/cobrancas/segunda-via');
    expect(secondCopy.parameters).toEqual(expect.arrayContaining([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, expect.objectContaining({ name: 'SN_UnificaParcelasOutrasCota', in: 'query', required: true })]));
    expect(secondCopy).toMatchObject({ 'x-read-only': true, responses: { '200': { content: { 'application/json': { schema: { required: ['identificador', 'parcelas'] } } } } } });
    // A GET the spec makes start something is marked, and the drift check leaves it alone.
    expect(operationOf(doc, 'get', '/core/devolucao/iniciar')['x-read-only']).toBe(false);
    expect(declared.filter(({ endpoint }) => endpoint.method === 'GET' && !isReadOnly(endpoint)).map(({ name }) => name).sort()).toEqual(
      ['refund.start', 'registration.confirm', 'vehicleBilling.resolveDetran', 'vehicleBilling.restart', 'vehicleBilling.schedulePayment', 'vehicleBilling.start'],
    );
    expect(operationOf(doc, 'post', '/login')).toMatchObject({ security: [{ clientBasic: [] }], requestBody: { content: { 'application/x-www-form-urlencoded': {} } } });
  });

  it('names the screens that depend on each call: every call ana’s screens make is listed under that screen', async () => {
    const doc = committed();
    const listed = dependentsOf(doc);
    const made = await recordScreenDependents(stack, [persona('ana')]);
    expect(Object.keys(made).length).toBeGreaterThan(20);
    const missing = Object.entries(made).flatMap(([name, routes]) => routes.filter((r) => !(listed[name] ?? []).includes(r)).map((r) => `${name} ← ${r}`));
    expect(missing, 'run npm run contract:back-office:screens').toEqual([]);
  }, 120_000);

  it(`is served at ${BACK_OFFICE_OPENAPI_URL}`, async () => {
    const res = await fetch(`${stack.baseUrl}${BACK_OFFICE_OPENAPI_URL}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(committed());
  });
});
