import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../back-office/endpoint.js';
import { DownloadAction, NavigateAction, OpenUrlAction } from '../../screens/contract/actions.js';
import { fillTemplate, interpolate, resolveText } from '../../server/src/composition/template.js';
import { UpstreamClient } from '../../server/src/upstream/client.js';

/**
 * The ways data could become code, SQL, a command, markup or a request elsewhere, closed in the
 * product's own source (server, renderer, screen contract, sandbox; tests excluded) and in the
 * few functions every value passes through.
 */
const ROOT = join(import.meta.dirname, '../..');
const PRODUCT = ['server/src', 'renderer/src', 'screens', 'back-office', 'sandbox/src'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return ['node_modules', 'dist'].includes(name) ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path.replaceAll('\\', '/')] : [];
  });
}

const files = PRODUCT.flatMap(sources).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
/** The files whose text matches `pattern`, by path. */
const matching = (pattern: RegExp, among = files) => among.filter((f) => pattern.test(f.text)).map((f) => f.path);

describe('no path from data to code', () => {
  it('reads the product’s sources (the checks below are not vacuous)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((f) => f.path === 'server/src/storage/session-store.ts')).toBe(true);
  });

  it('runs no dynamic code: no eval, Function constructor, vm or string timers', () => {
    expect(matching(/\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(\s*['"`]|from\s+['"](?:node:)?vm['"]|\bset(?:Timeout|Interval)\(\s*['"`]/)).toEqual([]);
  });

  it('passes every value to SQL as a parameter: no query text is built from values', () => {
    // A query's text is a constant (or a constant's name); values go as $1, $2…
    expect(matching(/\.(?:query|exec)(?:<[^>()]*>)?\(\s*`[^`]*\$\{/)).toEqual(['server/src/analytics/store.ts']);
    // SQL written as a template with ${…} exists only where the migrations record their own constant ids and names.
    const built = matching(/`\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH)\b[^`]*\$\{/i);
    expect(built).toEqual(['server/src/analytics/store.ts', 'server/src/storage/migrations.ts']);
    expect(readFileSync(join(ROOT, 'server/src/storage/migrations.ts'), 'utf8')).toMatch(/VALUES \(\$\{m\.id\}, \$\{quoted\(m\.name\)\}\)/);
    // The analytics' batched upserts and filters splice in only constant column lists and $n
    // placeholders (values(rows, columns), the filters' WHERE of placeholders): no value.
    const analytics = readFileSync(join(ROOT, 'server/src/analytics/store.ts'), 'utf8');
    const spliced = [...analytics.matchAll(/`\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b[^`]*`/gi)].flatMap((m) => [...m[0].matchAll(/\$\{([^}]*)\}/g)].map((x) => x[1]!.trim()));
    expect(spliced.length).toBeGreaterThan(0);
    expect(spliced.filter((part) => !/^(?:PLACE_COLUMNS|values\(chunk\.length, \d+\)|sql)$/.test(part))).toEqual([]);
  });

  it('starts no shell: the one child process is node with fixed arguments', () => {
    const spawning = matching(/from\s+['"](?:node:)?child_process['"]/);
    expect(spawning).toEqual(['server/src/storage/database.ts']);
    const text = readFileSync(join(ROOT, spawning[0]!), 'utf8');
    // Only execFile is imported (no exec, spawn or shell option): node runs with an argument list.
    expect(/import \{([^}]*)\} from 'node:child_process'/.exec(text)?.[1]?.trim()).toBe('execFile');
    expect(text).not.toMatch(/shell\s*:/);
    expect(text).toMatch(/promisify\(execFile\)\(process\.execPath, \[/);
  });

  it('builds no regular expression from input', () => {
    // The one RegExp built at run time comes from the declared endpoint paths, every metacharacter escaped.
    expect(matching(/new RegExp\(/)).toEqual(['back-office/catalogue.ts']);
    expect(readFileSync(join(ROOT, 'back-office/catalogue.ts'), 'utf8')).toMatch(/new RegExp\(`\^\$\{e\.path\.replace\(\/\[\.\*\+\?\^\$\(\)\|\[\\\]\\\\\]\/g, '\\\\\$&'\)/);
  });

  it('renders no markup from data: the renderer sets no inner HTML', () => {
    const renderer = files.filter((f) => f.path.startsWith('renderer/src/'));
    expect(renderer.length).toBeGreaterThan(30);
    expect(matching(/dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write\(/, renderer)).toEqual([]);
  });

  it('fills a placeholder once: a value that looks like a placeholder stays text', () => {
    const model = { nome: '{{segredo}}', segredo: 'não deveria aparecer', chave: '@erro.generico' };
    expect(interpolate('Olá, {{nome}}!', model)).toBe('Olá, {{segredo}}!');
    expect(resolveText('@saudacao', model, { saudacao: 'Olá, {{nome}} ({{chave}})', 'erro.generico': 'outro texto' })).toBe('Olá, {{segredo}} (@erro.generico)');
    expect(fillTemplate([{ type: 'text', text: '{{nome}}' }], model, {})).toEqual([{ type: 'text', text: '{{segredo}}' }]);
    // A percent sign is no format directive either.
    expect(interpolate('{{nome}}', { nome: '%s %d %j' })).toBe('%s %d %j');
  });

  it('lets screens open only http(s) links and same-origin routes and files', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:x']) {
      expect(OpenUrlAction.safeParse({ type: 'open-url', url }).success, url).toBe(false);
    }
    expect(OpenUrlAction.safeParse({ type: 'open-url', url: 'https://wa.me/5511999999999' }).success).toBe(true);
    for (const to of ['https://evil.example/home', 'javascript:alert(1)', 'home']) expect(NavigateAction.safeParse({ type: 'navigate', to }).success, to).toBe(false);
    for (const href of ['https://evil.example/x.pdf', '/boletos', '//evil.example/api/x']) expect(DownloadAction.safeParse({ type: 'download', href, filename: 'x.pdf' }).success, href).toBe(false);
  });

  it('calls the back office only at its configured origin, with each path parameter encoded', async () => {
    expect(pathOf({ path: 'cotas/{id}/extrato' }, { id: '../../admin?x=1#y' })).toBe('cotas/..%2F..%2Fadmin%3Fx%3D1%23y/extrato');
    const upstream = new UpstreamClient({ url: 'http://127.0.0.1:9', basePath: '/app-cliente/v1', clientId: 'c', clientSecret: 's', connections: 1, appVersion: '1.0.0' });
    try {
      for (const path of ['https://evil.example/x', '//evil.example/x', 'HTTP://evil.example']) {
        await expect(upstream.call({ method: 'GET', path }), path).rejects.toThrow('upstream paths are relative to the allowlisted origin');
      }
    } finally {
      await upstream.close();
    }
  });
});
