import Fastify, { type onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { guardRoute } from './route-hooks.js';

describe('a plugin’s hook given to the routes that need it', () => {
  it('runs where a global hook would: after the hooks earlier plugins gave, before the route’s own; other routes skip it', async () => {
    const ran: string[] = [];
    const mark = (name: string): onRequestHookHandler => (_request, _reply, done) => {
      ran.push(name);
      done();
    };
    const app = Fastify();
    app.addHook('onRequest', mark('global'));
    for (const name of ['first plugin', 'second plugin']) {
      await app.register(
        fp(async (plugin) => {
          plugin.addHook('onRoute', (route) => {
            if (route.url.startsWith('/api/')) guardRoute(route, 'onRequest', mark(name));
          });
        }),
      );
    }
    app.get('/api/a', { onRequest: [mark('route a, 1'), mark('route a, 2')] }, async () => 'a');
    app.get('/api/b', { onRequest: mark('route b') }, async () => 'b');
    app.get('/c', async () => 'c');

    for (const url of ['/api/a', '/api/b', '/c']) expect((await app.inject(url)).statusCode).toBe(200);
    expect(ran).toEqual([
      ...['global', 'first plugin', 'second plugin', 'route a, 1', 'route a, 2'],
      ...['global', 'first plugin', 'second plugin', 'route b'],
      'global',
    ]);
    await app.close();
  });
});
