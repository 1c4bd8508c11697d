import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`. */
export function precompressDir(dir: string): { files: number; raw: number; gzip: number; brotli: number } {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, entry);
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const gz = gzipSync(raw, { level: 9 });
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    writeFileSync(`${file}.gz`, gz);
    writeFileSync(`${file}.br`, br);
    totals.files++;
    totals.raw += raw.length;
    totals.gzip += gz.length;
    totals.brotli += br.length;
  }
  return totals;
}

/**
 * Vite plugin: after the bundle is written, every asset gets brotli and gzip copies, which the
 * server picks by the request's Accept-Encoding (@fastify/static `preCompressed`). index.html is
 * left alone: the server rewrites its nonce on every response.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const t = precompressDir(outDir);
      const kib = (n: number) => (n / 1024).toFixed(1);
      this.info?.(`precompressed ${t.files} files: ${kib(t.raw)} KiB → gzip ${kib(t.gzip)} KiB, brotli ${kib(t.brotli)} KiB`);
    },
  };
}
