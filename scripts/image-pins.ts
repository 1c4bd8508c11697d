/**
 * Where the images are pinned and how they are rewritten (`npm run images:pin`): the Dockerfile's
 * base image (`ARG NODE_IMAGE=node:24-bookworm-slim@sha256:…`) and the app's image in each
 * kustomize overlay (`images:` newName, newTag and digest). Pure functions of the files' text.
 */
import { isMap, isSeq, parseDocument } from 'yaml';
import { z } from 'zod';

const Digest = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a digest is sha256: and 64 lowercase hexadecimal digits');

/** `[registry[:port]/]path[:tag][@sha256:…]`. */
export interface ImageReference {
  name: string;
  tag: string | undefined;
  digest: string | undefined;
}

export function parseReference(text: string): ImageReference {
  const at = text.indexOf('@');
  const head = at === -1 ? text : text.slice(0, at);
  const digest = at === -1 ? undefined : Digest.parse(text.slice(at + 1));
  const colon = head.lastIndexOf(':');
  const tagged = colon > head.lastIndexOf('/');
  const name = tagged ? head.slice(0, colon) : head;
  const tag = tagged ? head.slice(colon + 1) : undefined;
  if (!/^[a-z0-9][\w.-]*(:\d+)?(\/[a-z0-9][\w.-]*)*$/.test(name)) throw new Error(`${text}: not an image reference`);
  if (tag !== undefined && !/^[\w][\w.-]{0,127}$/.test(tag)) throw new Error(`${text}: the tag is not a valid tag`);
  return { name, tag, digest };
}

/** A reference that names both its tag (for people) and its digest (what is pulled). */
function pinned(reference: string): ImageReference & { tag: string; digest: string } {
  const ref = parseReference(reference);
  if (!ref.tag || !ref.digest) throw new Error(`${reference}: a pin names a tag and a digest (name:tag@sha256:…)`);
  return ref as ImageReference & { tag: string; digest: string };
}

/**
 * The digest in what `docker buildx imagetools inspect <ref>` printed: its first unindented
 * `Digest:` line (the image index's, which covers every platform), or the `digest` of its
 * `--format '{{json .Manifest}}'` output.
 */
export function digestFromImagetools(output: string): string {
  const text = output.trim();
  if (text.startsWith('{')) return z.object({ digest: Digest }).parse(JSON.parse(text)).digest;
  const line = /^Digest:\s+(\S+)\s*$/m.exec(text);
  if (!line) throw new Error('no "Digest: sha256:…" line in the output of docker buildx imagetools inspect');
  return Digest.parse(line[1]);
}

const BASE_LINE = /^ARG NODE_IMAGE=.*$/gm;

/** The Dockerfile with its base image set to `reference` (name:tag@digest). */
export function pinDockerfile(dockerfile: string, reference: string): string {
  pinned(reference);
  const lines = dockerfile.match(BASE_LINE) ?? [];
  if (lines.length !== 1) throw new Error(`the Dockerfile has ${lines.length} ARG NODE_IMAGE= lines, one expected`);
  return dockerfile.replace(BASE_LINE, `ARG NODE_IMAGE=${reference}`);
}

/** The base image the Dockerfile pins. */
export function dockerfileBase(dockerfile: string): ImageReference {
  const line = /^ARG NODE_IMAGE=(.*)$/m.exec(dockerfile);
  if (!line) throw new Error('the Dockerfile has no ARG NODE_IMAGE= line');
  return parseReference(line[1]!.trim());
}

/**
 * An overlay's kustomization.yaml with the entry of `images:` for `image` (the name the base's
 * manifests use) set to `reference`'s name, tag and digest; everything else, comments included, as
 * it was.
 */
export function pinOverlay(kustomization: string, image: string, reference: string): string {
  const ref = pinned(reference);
  const doc = parseDocument(kustomization);
  const images = doc.get('images');
  const entry = isSeq(images) ? images.items.find((item) => isMap(item) && item.get('name') === image) : undefined;
  if (!isMap(entry)) throw new Error(`no images: entry named ${image}`);
  entry.set('newName', ref.name);
  entry.set('newTag', ref.tag);
  entry.set('digest', ref.digest);
  return doc.toString({ lineWidth: 0 });
}
