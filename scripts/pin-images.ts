/**
 * `npm run images:pin`: pins the images by digest, where they are named.
 *
 *   npm run images:pin -- --base node:24-bookworm-slim@sha256:<digest>     the Dockerfile's base image
 *   npm run images:pin -- --app <registry>/consorcio-autoatendimento:<tag>@sha256:<digest>
 *                                                                          the app in every overlay
 *   npm run images:pin -- --base node:24-bookworm-slim                     the digest asked of the registry
 *   npm run images:pin -- --base node:24-bookworm-slim --inspected out.txt the digest read from saved output
 *
 * A reference without a digest is looked up with `docker buildx imagetools inspect` (which asks
 * the registry: the image index's digest, every platform), or read from that command's output
 * saved where the registry answers (`--inspected`). `--overlay staging` pins one overlay only
 * (repeatable; every overlay under deploy/kubernetes/overlays by default).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { digestFromImagetools, parseReference, pinDockerfile, pinOverlay } from './image-pins.js';

/** The name the base manifests give the app's image (deploy/kubernetes/base). */
const APP_IMAGE = 'consorcio-autoatendimento';
const OVERLAYS = 'deploy/kubernetes/overlays';

const Options = z
  .object({
    base: z.string().min(1).optional(),
    app: z.string().min(1).optional(),
    inspected: z.string().min(1).optional(),
    overlay: z.array(z.string().regex(/^[\w-]+$/)).optional(),
  })
  .refine((o) => o.base || o.app, 'name --base, --app or both')
  .refine((o) => !o.inspected || !(o.base && o.app), '--inspected answers for one reference: give --base or --app with it');

/** `reference` with its digest: as given, from the saved output, or asked of the registry. */
function resolve(reference: string, inspected: string | undefined): string {
  const ref = parseReference(reference);
  if (!ref.tag) throw new Error(`${reference}: name its tag (name:tag), which the pin keeps beside the digest`);
  if (ref.digest) return reference;
  let output: string;
  if (inspected) output = readFileSync(inspected, 'utf8');
  else {
    try {
      output = execFileSync('docker', ['buildx', 'imagetools', 'inspect', reference], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      throw new Error(`docker buildx imagetools inspect ${reference} failed (${(err as Error).message.split('\n')[0]}): give the digest (${reference}@sha256:…), or --inspected with that command's output saved where the registry answers`);
    }
  }
  return `${ref.name}:${ref.tag}@${digestFromImagetools(output)}`;
}

function main(): void {
  const { values } = parseArgs({ options: { base: { type: 'string' }, app: { type: 'string' }, inspected: { type: 'string' }, overlay: { type: 'string', multiple: true } } });
  const options = Options.parse(values);
  if (options.base) {
    const reference = resolve(options.base, options.inspected);
    writeFileSync('Dockerfile', pinDockerfile(readFileSync('Dockerfile', 'utf8'), reference));
    console.log(`Dockerfile: ARG NODE_IMAGE=${reference}`);
  }
  if (options.app) {
    const reference = resolve(options.app, options.inspected);
    const overlays = options.overlay ?? readdirSync(OVERLAYS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const overlay of overlays) {
      const file = join(OVERLAYS, overlay, 'kustomization.yaml');
      writeFileSync(file, pinOverlay(readFileSync(file, 'utf8'), APP_IMAGE, reference));
      console.log(`${file}: ${reference}`);
    }
  }
}

try {
  main();
} catch (err) {
  console.error(err instanceof z.ZodError ? z.prettifyError(err) : (err as Error).message);
  process.exit(1);
}
