import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/**
 * Every count, money value, percentage, date and time the server shows is written by one
 * formatter (server/src/domain/format.ts, with the Brasília clock in clock.ts): nowhere else does
 * the server format a number or a date for people, so a screen, a CSV and an e-mail write the
 * same value alike. (Locale-aware comparisons such as toLocaleLowerCase are not formatting.)
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FORMATTERS = new Set(['server/src/domain/format.ts', 'server/src/domain/clock.ts']);
const FORMATTING = /\.toLocaleString\(|\.toLocaleDateString\(|\.toLocaleTimeString\(|\.toFixed\(|new Intl\.NumberFormat\(|new Intl\.DateTimeFormat\('pt-BR'|\.format\('D{1,2}[/ ]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

test('the server formats numbers and dates for people only in its formatter', () => {
  const elsewhere = sources(join(ROOT, 'server/src'))
    .filter((file) => !FORMATTERS.has(file))
    .flatMap((file) => readFileSync(join(ROOT, file), 'utf8').split('\n').flatMap((line, i) => (FORMATTING.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
  expect(elsewhere).toEqual([]);
});
