import type { FastifyInstance } from 'fastify';
import { loadHome } from './home-upstream.js';
import { homeModel } from './home-screens.js';

/** /home: the selected quota's summary and the partner's maintenance warning. */
export default async function home(app: FastifyInstance) {
  app.screens.register('home', async (ctx) => {
    const data = await loadHome(ctx.upstream!, ctx.partner.partner.id);
    return homeModel(data, ctx.upstream!.session.data.customer.nome, app.text);
  });

  // The benchmark's floor: the same upstream calls as the home screen, raw JSON, no screen.
  if (app.config.BENCH_ROUTES) {
    app.get('/api/bench/passthrough/home', async (request, reply) => {
      if (!request.session?.data.quota) return reply.code(401).send({ message: 'login and quota required' });
      const partner = await app.partners.forRequest(request);
      return loadHome(request.customerUpstream(), partner.partner.id);
    });
    app.get('/bench/hello', async () => ({ hello: 'world' }));
  }
}
