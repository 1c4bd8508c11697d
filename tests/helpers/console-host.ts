import { DEV_OPS_HOST } from '../../server/src/config.js';
import { client } from './api-client.js';

/** The operations console's host in tests: OPS_HOST's default outside production. */
export const CONSOLE_HOST = DEV_OPS_HOST;

/**
 * A browser-like client of the console: the same server, asked for the console's host (the
 * console answers nowhere else). Its cookies are its own, as a browser keeps them per host.
 */
export function consoleClient(baseUrl: string) {
  return client(baseUrl, CONSOLE_HOST);
}

/** The console's origin for a browser: the server's port on ops.localhost (Chromium resolves every *.localhost to the loopback). */
export function consoleOrigin(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.hostname = CONSOLE_HOST;
  return url.origin;
}
