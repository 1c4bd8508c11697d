import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StaffDirectory } from './accounts.js';
import { interactionPages } from './interactions.js';
import { buildProvider } from './provider.js';

export interface IdentityProvider {
  /** The provider's issuer: its own origin (http://127.0.0.1:PORT), or the proxy's in front of it. */
  issuer: string;
  /** Its staff and their groups; a test moves a staff member as the bank's directory would. */
  directory: StaffDirectory;
  close(): Promise<void>;
}

/**
 * The sandbox's OpenID provider for the operations console, on a port of its own beside the back
 * office: the sandbox's staff sign in here with password and authenticator code, as the bank's
 * staff do at the bank's provider.
 */
export interface IdentityProviderOptions {
  host?: string;
  port?: number;
  directory?: StaffDirectory;
  /** The console client's secret (a production-mode test gives a strong one); the sandbox's published one by default. */
  clientSecret?: string;
  /** Whether the sign-in asks for the authenticator's code (a test of a provider that does not: true by default). */
  askCode?: boolean;
  /** The issuer browsers and the server see when a TLS proxy stands in front (compose's demo): its own origin by default. */
  issuer?: string;
  /** The console's origins the provider sends staff back to (http://ops.localhost:3000 by default). */
  consoleOrigins?: readonly string[];
}

export async function startIdentityProvider(options: IdentityProviderOptions = {}): Promise<IdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const directory = options.directory ?? new StaffDirectory();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = options.issuer ?? `http://${host}:${(server.address() as AddressInfo).port}`;
  const provider = buildProvider(issuer, directory, options.clientSecret, options.consoleOrigins);
  const pages = interactionPages(provider, directory, options.askCode ?? true);
  const protocol = provider.callback();
  server.on('request', (req, res) => {
    pages(req, res)
      .then((handled) => {
        if (!handled) protocol(req, res);
      })
      .catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Não foi possível continuar a entrada: ${(err as Error).message}`);
      });
  });
  return {
    issuer,
    directory,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
