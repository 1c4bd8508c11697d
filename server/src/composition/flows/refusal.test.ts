import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DefinitionError, loadDefinitions, SCREENS_DIR } from '../definitions.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of screens/ whose refund table sends a status nowhere the spec knows. */
function brokenScreens(): string {
  const dir = mkdtempSync(join(tmpdir(), 'screens-'));
  made.push(dir);
  cpSync(SCREENS_DIR, dir, { recursive: true });
  const file = join(dir, 'flows', 'refund-screen.json');
  const table = JSON.parse(readFileSync(file, 'utf8'));
  table.rows[0].then = '/devolucao/nenhures';
  writeFileSync(file, JSON.stringify(table));
  return dir;
}

describe('a definition the analyser refuses', () => {
  it('stops the server from starting, with the analyser’s message', () => {
    const dir = brokenScreens();
    expect(() => loadDefinitions(dir)).toThrow(DefinitionError);
    expect(() => loadDefinitions(dir)).toThrow(/refund-screen, linha 1: destino "\/devolucao\/nenhures" não é uma tela do catálogo/);
  });

  it('makes `npm run flows:check` print the report and exit non-zero', async () => {
    const dir = brokenScreens();
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/flows-check.ts', join(dir, 'flows')], { cwd: join(SCREENS_DIR, '..') });
    await expect(run).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('Definições de fluxo: 1 erro\n') });
  });
});
