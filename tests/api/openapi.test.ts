import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { productionSecrets } from '../helpers/production-secrets.js';
import { startStack, useStack } from '../helpers/stack.js';

const stack = useStack();

describe('the OpenAPI description of the server’s own API', () => {
  it('describes every action with the request body its zod schema validates, and links the screen schema', async () => {
    const res = await supertest(stack.baseUrl).get('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/api/actions/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.parameters[0]).toMatchObject({ name: 'x-requested-with', in: 'header', required: true });
    expect(JSON.stringify(login.requestBody.content['application/json'].schema)).toContain('senha');
    // A protected action keeps the session cookie requirement; an upload action is one operation too.
    expect(doc.paths['/api/actions/cash-billing/bank-data'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('agencia');
    expect(doc.paths['/api/actions/cash-billing/documents'].post).toBeDefined();
    expect(doc.paths['/api/actions/{area}/{name}']).toBeUndefined();
    expect(doc.paths['/api/screens'].get.responses['200'].content['application/json'].schema.$ref).toBe('/api/contract/screen.schema.json');
    expect(doc.paths['/api/arquivos/boletos/{id}'].get.tags).toEqual(['files']);
    expect(doc.paths['/health/ready'].get.summary).toContain('Readiness');
    // The linked schema is served.
    const schema = await supertest(stack.baseUrl).get('/api/contract/screen.schema.json');
    expect(schema.status).toBe(200);
    expect(JSON.parse(schema.text).$schema).toBeDefined();
  });

  it('serves a browsable page outside production', async () => {
    const page = await supertest(stack.baseUrl).get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
  });

  it('is not served in production', async () => {
    const production = await startStack({ APP_ENV: 'production', ...productionSecrets(), ALLOWED_HOSTS: 'localhost', OPS_HOST: 'ops.localhost' });
    try {
      expect((await supertest(production.baseUrl).get('/api/docs/json')).status).toBe(404);
      expect((await supertest(production.baseUrl).get('/api/contract/screen.schema.json')).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
