import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../screens/contract/index.js';
import csrf from './csrf.js';

async function appWithCheck() {
  const app = Fastify();
  await app.register(fp(async () => undefined, { name: 'config' }));
  await app.register(csrf);
  return app;
}

describe('the cross-site check', () => {
  it('refuses to start with a state-changing route outside /api/, where no request would be checked', async () => {
    const app = await appWithCheck();
    expect(() => app.post('/pedidos/novo', async () => 'x')).toThrow('state-changing route outside /api/: POST /pedidos/novo');
    expect(() => app.route({ method: ['GET', 'DELETE'], url: '/pedidos/:id', handler: async () => 'x' })).toThrow('state-changing route outside /api/: GET,DELETE /pedidos/:id');
    app.get('/pagina', async () => 'só leitura');
    await app.close();
  });

  it('checks the state-changing requests of the API, and only those', async () => {
    const app = await appWithCheck();
    app.route({ method: ['GET', 'POST'], url: '/api/pedidos', handler: async () => 'feito' });
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/pedidos', headers, payload: '{}' });
    expect((await post({ 'content-type': 'application/json' })).statusCode).toBe(403);
    expect((await post({ 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE })).body).toBe('feito');
    expect((await app.inject('/api/pedidos')).body).toBe('feito');
    await app.close();
  });
});
