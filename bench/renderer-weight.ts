/**
 * What the renderer's vocabulary 1.1 weighs in the browser, printed, never asserted:
 * - the built chunks a browser loads before /entrar is interactive (entry + the form chunk the
 *   login form loads), gzipped, from dist/renderer (run `npm run build` first);
 * - each addition bundled alone (minified, react external, gzipped): the masked input with imask,
 *   the lucide icons the contract names, the new components.
 * Run: npx tsx bench/renderer-weight.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function bundled(label: string, contents: string, alsoExternal: string[] = []): Promise<void> {
  const out = await build({
    stdin: { contents, resolveDir: 'renderer/src', loader: 'tsx' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-router-dom', 'swr', ...alsoExternal],
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]!.contents;
  console.log(`  ${label.padEnd(46)} ${kib(code.length).padStart(9)} raw ${kib(gzipSync(code).length).padStart(9)} gzipped`);
}

function builtChunks(): void {
  const html = readFileSync('dist/renderer/index.html', 'utf8');
  const entry = [...html.matchAll(/<script[^>]*src="([^"]+\.js)"/g)].map((m) => m[1]!);
  const form = readdirSync('dist/renderer/assets').filter((f) => f.startsWith('json-form-') && f.endsWith('.js')).map((f) => `/assets/${f}`);
  let total = 0;
  console.log('built chunks loaded before /entrar is interactive (gzipped):');
  for (const file of [...entry, ...form]) {
    const gz = gzipSync(readFileSync(`dist/renderer${file}`)).length;
    total += gz;
    console.log(`  ${file.padEnd(46)} ${kib(gz).padStart(9)}`);
  }
  console.log(`  ${'total'.padEnd(46)} ${kib(total).padStart(9)}`);
}

async function main() {
  builtChunks();
  console.log('the 1.1 vocabulary additions, each bundled alone:');
  await bundled('masked input + formats + imask (main bundle)', "export { MaskedInput } from './components/form/masked-input.js';");
  await bundled('icons named by the contract (lucide-react)', "export { ICONS } from './components/icon/icons.js';");
  await bundled(
    'new components (no icons)',
    ['shortcuts/shortcuts', 'chips/chips', 'status-pill/status-pill', 'summary/summary', 'timeline/timeline', 'empty-state/empty-state', 'skeleton/skeleton', 'bottom-nav/bottom-nav', 'theme-preview/theme-preview']
      .map((p, i) => `export * as c${i} from './components/${p}.js';`)
      .join('\n'),
    // What they share with the rest of the renderer (actions, node drawing, icons) is counted elsewhere.
    ['*use-run-action.js', '*action-button.js', '*node.js', '*lib/theme.js', 'lucide-react'],
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
