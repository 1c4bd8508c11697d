/**
 * The server of `npm run bench:context` (started by bench/request-context.ts, never alone): a
 * Fastify route that waits the way a screen does — five upstream calls in turn, each a few awaited
 * turns of the event loop, each counted in the request's context as the upstream client counts
 * them — with the request context of server/src/observability/request-context.ts when
 * CONTEXT=on (entered in onRequest, as the observability plugin does), without it when off.
 */
import Fastify from 'fastify';
import { currentRequest, requestContext, type RequestContext } from '../server/src/observability/request-context.js';

const app = Fastify({ logger: false });
if (process.env.CONTEXT === 'on') {
  app.addHook('onRequest', (request, _reply, done) => {
    const observed: RequestContext = { requestId: String(request.id), upstreamMs: 0, upstreamCalls: 0 };
    requestContext.run(observed, done);
  });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function upstreamCall(): Promise<number> {
  await turn();
  const parsed = await Promise.resolve({ valor: 1 });
  const observed = currentRequest();
  if (observed) observed.upstreamCalls++;
  return parsed.valor;
}

app.get('/bench/screen', async () => {
  let total = 0;
  for (let i = 0; i < 5; i++) total += await upstreamCall();
  return { total, calls: currentRequest()?.upstreamCalls ?? 0 };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : ''}`);
