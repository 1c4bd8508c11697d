import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';

/** The partner's mark as the back office names it (its CDN: public files, no token). */
export interface MarkSource {
  /** The square mark first (icon_url), else the logo; none: a monogram. */
  url: string | undefined;
  name: string;
  background: string;
  onBackground: string;
}

export interface IconSpec {
  size: number;
  /** Drawn for a mask (Android's adaptive icons, iOS's rounded square): full-bleed colour, the mark inside the safe zone. */
  maskable: boolean;
}

const MARK_MAX_BYTES = 256 * 1024;
const MARK_TIMEOUT_MS = 3_000;
const MARK_TYPES = /^\s*image\/(?:svg\+xml|png|jpeg|webp)\b/i;
/** A maskable icon's safe zone is the centred circle of 80 % of its side (W3C manifest, "icon masks"): the mark's square fits inside it. */
const SAFE_ZONE = 0.56;
const COLOUR = /^#[0-9a-f]{3,8}$/i;

/**
 * The partner's mark, read from its address: an SVG, PNG, JPEG or WebP of at most 256 KB that
 * answers within 3 s. Anything else (no address, a failure, another type, too large) is null: the
 * icon is a monogram, and the mark is asked for again next time.
 */
export async function fetchMark(url: string | undefined): Promise<Image | null> {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(MARK_TIMEOUT_MS), redirect: 'error' });
    const declared = Number(answer.headers.get('content-length') ?? '0');
    if (!answer.ok || !MARK_TYPES.test(answer.headers.get('content-type') ?? '') || declared > MARK_MAX_BYTES) return null;
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MARK_MAX_BYTES) return null;
    return await loadImage(bytes);
  } catch {
    return null;
  }
}

/**
 * One icon as PNG. The mark keeps its proportions, centred: filling the icon when it is drawn as
 * it is, or inside the safe zone on the partner's colour when the platform masks it. Without a
 * mark: the partner's initial on its colour.
 */
export async function drawIcon(mark: Image | null, spec: IconSpec, source: MarkSource): Promise<Buffer> {
  const { size } = spec;
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const background = COLOUR.test(source.background) ? source.background : '#000000';
  const foreground = COLOUR.test(source.onBackground) ? source.onBackground : '#ffffff';
  if (spec.maskable || !mark) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, size, size);
  }
  if (mark && mark.width > 0 && mark.height > 0) {
    const box = spec.maskable ? size * SAFE_ZONE : size;
    const scale = Math.min(box / mark.width, box / mark.height);
    const [w, h] = [mark.width * scale, mark.height * scale];
    ctx.drawImage(mark, (size - w) / 2, (size - h) / 2, w, h);
  } else {
    ctx.fillStyle = foreground;
    ctx.font = `700 ${Math.round(size * 0.5)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(source.name.trim().charAt(0).toLocaleUpperCase('pt-BR') || '?', size / 2, size / 2);
  }
  return canvas.encode('png');
}

/**
 * Icons drawn once per partner, mark and colours, and kept in memory (at most `size` of them;
 * emptied when full). An icon drawn without the mark because reading it failed is not kept.
 */
export function iconStore(size = 64) {
  const kept = new Map<string, Promise<Buffer>>();
  return async function icon(spec: IconSpec, source: MarkSource): Promise<Buffer> {
    const key = JSON.stringify([spec.size, spec.maskable, source.url ?? '', source.name, source.background, source.onBackground]);
    const hit = kept.get(key);
    if (hit) return hit;
    const drawing = (async () => {
      const mark = await fetchMark(source.url);
      const png = await drawIcon(mark, spec, source);
      if (!mark && source.url) kept.delete(key);
      return png;
    })();
    if (kept.size >= size) kept.clear();
    kept.set(key, drawing);
    drawing.catch(() => kept.delete(key));
    return drawing;
  };
}
