import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultResource, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { z } from 'zod';

const SERVICE_NAME = 'consorcio-autoatendimento';

const Manifest = z.object({ name: z.string(), version: z.string().min(1) });

/**
 * The product's package.json: the nearest one above this file named for the product (the
 * repository's root from the sources; the image's /app, beside build/, once compiled). Undefined
 * for a compiled copy kept elsewhere (a bench's build folder).
 */
function productManifest(): z.infer<typeof Manifest> | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const parsed = Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success && parsed.data.name === SERVICE_NAME) return parsed.data;
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * What every span says about where it comes from: the service's name and release (package.json),
 * the environment (APP_ENV) and the instance (the host name: the pod's name in the cluster), over
 * the SDK's own attributes. `deployment.environment` is the name older backends read;
 * `deployment.environment.name` the current convention's.
 */
export function serviceResource(environment: string): Resource {
  const manifest = productManifest();
  return defaultResource().merge(
    resourceFromAttributes({
      'service.name': SERVICE_NAME,
      ...(manifest ? { 'service.version': manifest.version } : {}),
      'service.instance.id': hostname(),
      'deployment.environment.name': environment,
      'deployment.environment': environment,
    }),
  );
}
