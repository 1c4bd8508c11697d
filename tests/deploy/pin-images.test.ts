import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { digestFromImagetools, dockerfileBase, parseReference, pinDockerfile, pinOverlay } from '../../scripts/image-pins.js';
import { containersOf, kustomize } from '../helpers/kustomize.js';

/**
 * `npm run images:pin` rewrites the pins where they are written — the Dockerfile's base image and
 * the app's image in each overlay — and nothing else. The registry does not answer from the build
 * machines: the digests come from arguments or from saved `docker buildx imagetools inspect` output.
 */
const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const NEW_BASE = 'sha256:1111111111111111111111111111111111111111111111111111111111111111';
const NEW_APP = 'sha256:2222222222222222222222222222222222222222222222222222222222222222';

/** What `docker buildx imagetools inspect node:24-bookworm-slim` prints (a multi-platform index). */
const INSPECTED = `Name:      docker.io/library/node:24-bookworm-slim
MediaType: application/vnd.oci.image.index.v1+json
Digest:    ${NEW_BASE}

Manifests:
  Name:        docker.io/library/node:24-bookworm-slim@sha256:3333333333333333333333333333333333333333333333333333333333333333
  MediaType:   application/vnd.oci.image.manifest.v1+json
  Platform:    linux/amd64

  Name:        docker.io/library/node:24-bookworm-slim@sha256:4444444444444444444444444444444444444444444444444444444444444444
  MediaType:   application/vnd.oci.image.manifest.v1+json
  Platform:    linux/arm64/v8
`;

/** The lines of `after` that differ from `before`'s (same number of lines or more). */
function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  return after.split('\n').filter((line, i) => line !== old[i]);
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('pinning the images', () => {
  it('reads the digest of the whole image index from imagetools output, text or JSON', () => {
    expect(digestFromImagetools(INSPECTED)).toBe(NEW_BASE);
    expect(digestFromImagetools(JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', digest: NEW_BASE, size: 10229 }))).toBe(NEW_BASE);
    expect(() => digestFromImagetools('ERROR: failed to resolve')).toThrow('no "Digest: sha256:…" line');
  });

  it('reads references with a registry port, a tag and a digest, and refuses a malformed digest', () => {
    expect(parseReference(`registry.example:5000/consorcio/app:0.2.0@${NEW_APP}`)).toEqual({ name: 'registry.example:5000/consorcio/app', tag: '0.2.0', digest: NEW_APP });
    expect(parseReference('node:24-bookworm-slim')).toEqual({ name: 'node', tag: '24-bookworm-slim', digest: undefined });
    expect(() => parseReference('node:24@sha256:abc')).toThrow('64 lowercase hexadecimal digits');
  });

  it('rewrites only the base image line of the Dockerfile, and only with a tag and a digest', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfileBase(dockerfile)).toMatchObject({ name: 'node', tag: '24-bookworm-slim', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    const pinned = pinDockerfile(dockerfile, `node:24-bookworm-slim@${NEW_BASE}`);
    expect(changedLines(dockerfile, pinned)).toEqual([`ARG NODE_IMAGE=node:24-bookworm-slim@${NEW_BASE}`]);
    expect(() => pinDockerfile(dockerfile, 'node:24-bookworm-slim')).toThrow('a pin names a tag and a digest');
    expect(() => pinDockerfile('FROM node:24\n', `node:24@${NEW_BASE}`)).toThrow('0 ARG NODE_IMAGE= lines');
  });

  it('rewrites only the app’s image entry of an overlay, comments and patches kept', () => {
    for (const overlay of ['production', 'staging']) {
      const text = read(`deploy/kubernetes/overlays/${overlay}/kustomization.yaml`);
      const pinned = pinOverlay(text, 'consorcio-autoatendimento', `registry.example/consorcio/consorcio-autoatendimento:0.2.0@${NEW_APP}`);
      expect(changedLines(text, pinned), overlay).toEqual(['    newTag: 0.2.0', `    digest: ${NEW_APP}`]);
      expect(pinned.split('\n').length, overlay).toBe(text.split('\n').length);
    }
    expect(() => pinOverlay('images: []\n', 'consorcio-autoatendimento', `r/app:1@${NEW_APP}`)).toThrow('no images: entry named consorcio-autoatendimento');
  });

  it('pins both from the command line, and the overlays render the image by its digest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pin-images-'));
    scratch.push(dir);
    cpSync(join(ROOT, 'Dockerfile'), join(dir, 'Dockerfile'));
    cpSync(join(ROOT, 'deploy'), join(dir, 'deploy'), { recursive: true });
    writeFileSync(join(dir, 'inspected.txt'), INSPECTED);
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const script = join(ROOT, 'scripts/pin-images.ts');
    execFileSync(tsx, [script, '--base', 'node:24-bookworm-slim', '--inspected', 'inspected.txt'], { cwd: dir, encoding: 'utf8' });
    execFileSync(tsx, [script, '--app', `registry.example/consorcio/consorcio-autoatendimento:0.2.0@${NEW_APP}`], { cwd: dir, encoding: 'utf8' });
    expect(dockerfileBase(readFileSync(join(dir, 'Dockerfile'), 'utf8'))).toEqual({ name: 'node', tag: '24-bookworm-slim', digest: NEW_BASE });
    for (const overlay of ['production', 'staging']) {
      const objects = kustomize(join(dir, 'deploy/kubernetes/overlays', overlay));
      const images = new Set(objects.flatMap(containersOf).map((c) => c.image));
      expect([...images], overlay).toEqual([`registry.example/consorcio/consorcio-autoatendimento:0.2.0@${NEW_APP}`]);
    }
    // A reference without its tag cannot be pinned: the tag stays beside the digest for people.
    expect(() => execFileSync(tsx, [script, '--app', `registry.example/consorcio/consorcio-autoatendimento@${NEW_APP}`], { cwd: dir, encoding: 'utf8', stdio: 'pipe' })).toThrow(/name its tag/);
  });
});
