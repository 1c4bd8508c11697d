import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedPersona } from '../../sandbox/src/replay.js';
import type { CheckReport } from './check.js';
import { Masker } from './mask.js';

/** The password a recorded persona logs in with in the sandbox (never the real one). */
export const RECORDED_PASSWORD = '246810';

/**
 * The answers of a check as a persona the sandbox can load (SANDBOX_RECORDINGS or
 * POST /__sandbox/recordings): personal data replaced by consistent fakes, the customer logging in
 * with the fake document and RECORDED_PASSWORD.
 */
export function recordedPersona(report: CheckReport, partnerId: number, masker = new Masker()): RecordedPersona {
  const received = report.results.filter((r) => r.answer !== undefined);
  const masked = received.map((r) => ({ r, body: masker.mask(r.answer) }));
  const login = report.results.find((r) => r.name === 'session.login')?.answer as { usuario?: { inscricaoNacional?: string } } | undefined;
  const original = login?.usuario?.inscricaoNacional ?? '';
  const document = masker.fakeOf('documento', original);
  const answers = masked.map(({ r, body }) => ({
    name: r.name,
    method: r.method,
    path: masker.finish(r.path) as string,
    ...(r.query ? { query: masker.finish(r.query) as Record<string, string> } : {}),
    ...(r.idCota === undefined ? {} : { idCota: r.idCota }),
    status: r.httpStatus ?? 200,
    body: masker.finish(body),
  }));
  return {
    kind: 'recorded-persona',
    key: `gravado-${randomBytes(4).toString('hex')}`,
    document: document.replace(/[^0-9A-Z]/gi, ''),
    password: RECORDED_PASSWORD,
    partner: partnerId,
    scenario: `Respostas de ${new URL(report.origin).host} gravadas em ${new Date().toISOString().slice(0, 10)} pelo upstream:check (${answers.length} respostas, dados pessoais mascarados).`,
    answers,
  };
}

/** Writes the recorded persona as `<dir>/<key>.json` and returns the file's path. */
export function writeRecording(report: CheckReport, dir: string, partnerId = 1): string {
  const persona = recordedPersona(report, partnerId);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${persona.key}.json`);
  writeFileSync(file, `${JSON.stringify(persona, null, 2)}\n`);
  return file;
}
