import closeWithGrace from 'close-with-grace';
import { buildSandbox } from './app.js';
import { startIdentityProvider } from './identity-provider/index.js';

/** `npm run sandbox`: the back office alone, for the server to reach through UPSTREAM_URL. */
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const port = Number(process.env.SANDBOX_PORT ?? 4010);
const ttl = process.env.SANDBOX_TOKEN_TTL_SECONDS;
const callsKept = process.env.SANDBOX_CALLS_KEPT;
const reuse = process.env.SANDBOX_REFRESH_REUSE_SECONDS;
const recordings = process.env.SANDBOX_RECORDINGS;
// none (default), realistic or a JSON file: waits and errors per back-office call (docs/performance.md).
const latency = process.env.SANDBOX_LATENCY;
const latencySeed = process.env.SANDBOX_LATENCY_SEED;
if (latencySeed !== undefined && !/^\d+$/.test(latencySeed)) throw new Error(`SANDBOX_LATENCY_SEED must be a whole number, not ${latencySeed}`);
// The API client it accepts (the server's UPSTREAM_CLIENT_ID/SECRET); its own by default.
const clientId = process.env.SANDBOX_CLIENT_ID;
const clientSecret = process.env.SANDBOX_CLIENT_SECRET;

const app = await buildSandbox({
  logger: process.env.LOG_LEVEL === 'debug' ? { level: 'debug' } : false,
  ...(ttl ? { tokenTtlSeconds: Number(ttl) } : {}),
  ...(callsKept ? { callsKept: Number(callsKept) } : {}),
  ...(reuse ? { refreshReuseSeconds: Number(reuse) } : {}),
  ...(recordings ? { recordings } : {}),
  ...(latency ? { latency } : {}),
  ...(latencySeed ? { latencySeed: Number(latencySeed) } : {}),
  ...(clientId ? { clientId } : {}),
  ...(clientSecret ? { clientSecret } : {}),
});
await app.listen({ host, port });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
console.log(`sandbox listening on http://${host}:${actualPort}`);
if (latency && latency !== 'none') console.log(`sandbox latency profile: ${latency}${latencySeed ? ` (seed ${latencySeed})` : ''}`);

// The staff's identity provider beside it (the console signs staff in there): SANDBOX_IDP_PORT, 0 for none.
const idpPort = Number(process.env.SANDBOX_IDP_PORT ?? 4011);
// Behind a TLS proxy (compose's demo): SANDBOX_IDP_ISSUER its public address, SANDBOX_IDP_CONSOLE_ORIGIN
// the console's, SANDBOX_IDP_CLIENT_SECRET the console client's secret (the server's OPS_OIDC_CLIENT_SECRET).
const idpEnv = process.env;
const identityProvider =
  idpPort === 0
    ? null
    : await startIdentityProvider({
        host,
        port: idpPort,
        ...(idpEnv.SANDBOX_IDP_ISSUER ? { issuer: idpEnv.SANDBOX_IDP_ISSUER } : {}),
        ...(idpEnv.SANDBOX_IDP_CONSOLE_ORIGIN ? { consoleOrigins: [idpEnv.SANDBOX_IDP_CONSOLE_ORIGIN] } : {}),
        ...(idpEnv.SANDBOX_IDP_CLIENT_SECRET ? { clientSecret: idpEnv.SANDBOX_IDP_CLIENT_SECRET } : {}),
      });
if (identityProvider) console.log(`identity provider listening on ${identityProvider.issuer}`);

closeWithGrace({ delay: 5_000 }, async () => {
  await app.close();
  await identityProvider?.close();
});
