/** A bare Fastify hello (no plugins, no logging): the ceiling the app's bare route is compared with. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bench/hello', async () => ({ hello: 'world' }));
const port = Number(process.env.PORT ?? 3711);
await app.listen({ host: '127.0.0.1', port });
console.log(`listening on ${port}`);
