import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the built renderer; any other GET outside /api and /health gets index.html (history-mode routing). */
export default fp(
  async (app) => {
    const root = resolve(app.config.RENDERER_DIR);
    const built = existsSync(resolve(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, { root, index: false, wildcard: false, maxAge: '1h', immutable: false });
    } else {
      app.log.warn({ root }, 'renderer not built: run `npm run build`');
    }
    app.setNotFoundHandler((request, reply) => {
      const api = request.url.startsWith('/api/') || request.url.startsWith('/health/');
      if (request.method !== 'GET' || api) {
        return reply.code(404).send({ kind: 'error', title: app.text('erro.titulo'), message: app.text('erro.acao-desconhecida') });
      }
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send('Renderer não compilado: rode `npm run build`.');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'renderer', dependencies: ['config', 'definitions'] },
);
