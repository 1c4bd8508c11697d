import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { CLIENT_PLATFORM_HEADER } from '../../screens/contract/index.js';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client, landOn } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { consolePages } from '../helpers/console-pages.js';
import { PARTNERS } from '../helpers/every-screen.js';
import { concrete, generateJourneys } from '../helpers/journeys.js';
import { allPersonas } from '../helpers/personas.js';
import { sweepDocument, sweepTexts } from '../helpers/screen-sweep.js';
import { useStack } from '../helpers/stack.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

/**
 * The sweep of every screen document: every route of the route table and every target of the
 * decision tables, opened as a visitor on both partners and as every persona the sandbox seeds
 * (each logged in, its first quota chosen; mobile-only routes as the Android wrapper), and every
 * page of the operations console (the flow analysis and its exports included), read as data by
 * tests/helpers/screen-sweep.ts: no value that stands for nothing ("—", "undefined", "null",
 * "NaN", an empty label), no plural in parentheses, no English word, money, dates and numbers as
 * the pt-BR formatter writes them, no two controls with one name that do different things, no
 * list written as one long text. A new route, screen or persona is swept the day it is added.
 */
const stack = useStack();
const ANDROID = { [CLIENT_PLATFORM_HEADER]: 'android' };

describe('every screen document reads as Brazilian Portuguese', () => {
  test('every route, as a visitor and as every persona on both partners, and every console page', async () => {
    const definitions = loadDefinitions();
    const routes = generateJourneys(definitions.routes, definitions.flows).map((j) => ({ path: concrete(j.path), phone: j.steps.some((s) => s.kind === 'use-phone') }));
    /** Each finding once (a screen drawn alike for several personas is one defect), with the first who saw it. */
    const found = new Map<string, string>();
    let swept = 0;
    const note = (findings: string[], who: string) => findings.forEach((finding) => found.has(finding) || found.set(finding, who));
    const read = (path: string, body: { kind: string }, who: string) => {
      if (body.kind !== 'screen') return;
      swept++;
      note(sweepDocument(path, body), who);
    };
    // Each address once per visitor or persona: a redirect to a screen already read (home, the
    // quota list) is not read again.
    const sweep = async (c: ReturnType<typeof client>, who: string) => {
      const seen = new Set<string>();
      for (const { path, phone } of routes) {
        let to: string | undefined = path;
        for (let hop = 0; to !== undefined && !seen.has(to) && hop <= 6; hop++) {
          seen.add(to);
          const { body } = await c.screen(to, phone ? ANDROID : {});
          read(to, body, who);
          to = body.kind === 'redirect' ? body.to : undefined;
        }
      }
    };
    for (const partner of Object.values(PARTNERS)) {
      await sweep(client(stack.baseUrl, partner.host), `visitor of ${partner.partner}`);
      for (const someone of allPersonas().filter((p) => p.partner === partner.id)) {
        const c = client(stack.baseUrl, partner.host);
        try {
          await c.loginWithQuota(someone.key);
        } catch {
          continue; // a persona whose login is its own journey (one-time code, expired password …)
        }
        await sweep(c, someone.key);
      }
    }
    const staff = await signedInStaff(stack.baseUrl, 'operacao');
    // The analysis after every persona's visits: its funnels have figures to show.
    for (const path of [...consolePages(stack), '/ops/analise', '/ops/analise?fluxo=bid-wizard&periodo=30']) read(path, (await landOn(staff, path)).body, 'staff');
    // The console's exports, cell by cell (a version's differences are the definitions' own JSON, as edited).
    for (const path of ['/api/ops/auditoria.csv', '/api/ops/analise.csv?fluxo=bid-wizard']) {
      const res = await staff.get(path);
      expect(res.status, path).toBe(200);
      const rows = parse(res.text, { bom: true }) as string[][];
      const texts = rows.flatMap((row, r) => row.flatMap((cell, c) => (rows[0]![c] === 'diferencas' ? [] : [{ where: `linha ${r + 1}, ${rows[0]![c]}`, text: cell }])));
      note(sweepTexts(path, texts), 'staff');
    }

    expect([...found].map(([finding, who]) => `${finding} (as ${who})`).sort(), `${swept} screen documents swept`).toEqual([]);
    expect(swept, 'screen documents swept').toBeGreaterThan(1000);
  }, 900_000);
});
