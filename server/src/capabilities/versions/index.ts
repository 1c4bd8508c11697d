import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_APP_VERSION_HEADER, CLIENT_PLATFORM_HEADER } from '../../../../screens/contract/index.js';
import { updateRequired, type AppVersion } from '../../domain/app-version.js';
import { partners } from '../../../../back-office/index.js';
import { APP_VERSION } from '../../plugins/core/upstream.js';

declare module 'fastify' {
  interface FastifyInstance {
    appVersions: { updateRequired(request: FastifyRequest): Promise<boolean> };
  }
}

/**
 * Mandatory app updates (versoes, highest id = current): a native wrapper names its platform
 * and version in headers; the web renderer ships with this server and is at APP_VERSION.
 * The list is kept as the contract declares (`partners.versions`); when it cannot be read the
 * last list read stands, and nobody is blocked.
 */
export default fp(
  async (app: FastifyInstance) => {
    let last: AppVersion[] = [];
    async function versions(): Promise<AppVersion[]> {
      try {
        last = (await app.upstream.request(partners.versions)).data ?? [];
      } catch (err) {
        app.log.warn({ err }, 'versoes unavailable; no mandatory update enforced');
      }
      return last;
    }
    app.decorate('appVersions', {
      async updateRequired(request: FastifyRequest) {
        const platform = String(request.headers[CLIENT_PLATFORM_HEADER] ?? 'web');
        const version = String(request.headers[CLIENT_APP_VERSION_HEADER] ?? APP_VERSION);
        return updateRequired(await versions(), platform, version);
      },
    });
  },
  { name: 'app-versions', dependencies: ['upstream'] },
);
