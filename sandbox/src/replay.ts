import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractPath } from './http.js';
import type { SandboxState } from './state/store.js';

/**
 * A customer recorded from a real back office by `npm run upstream:check -- --record <dir>`:
 * answers with personal data masked, replayed as they came (drift included) to whoever logs in
 * with the persona's document and password.
 */
export const RecordedPersona = z.object({
  kind: z.literal('recorded-persona'),
  key: z.string().regex(/^gravado-[a-z0-9-]+$/),
  document: z.string().min(11),
  password: z.string().min(1),
  partner: z.number().int().positive(),
  scenario: z.string(),
  answers: z.array(
    z.object({
      name: z.string(),
      method: z.string(),
      path: z.string(),
      query: z.record(z.string(), z.string()).optional(),
      idCota: z.number().int().optional(),
      status: z.number().int(),
      body: z.unknown(),
    }),
  ),
});
export type RecordedPersona = z.infer<typeof RecordedPersona>;

/** Marks a replayed answer: exempt from the sandbox's own contract guard (it is what the real back office said). */
export const REPLAY_HEADER = 'x-sandbox-replay';

/** The recorded personas this sandbox replays, by key. */
export class Replays {
  private readonly personas = new Map<string, RecordedPersona>();

  add(persona: RecordedPersona): void {
    this.personas.set(persona.key, persona);
  }

  /** Every `*.json` recording of a folder (SANDBOX_RECORDINGS). */
  loadFolder(dir: string): void {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) this.add(RecordedPersona.parse(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
  }

  list(): Array<Pick<RecordedPersona, 'key' | 'document' | 'password' | 'partner' | 'scenario'>> {
    return [...this.personas.values()].map(({ key, document, password, partner, scenario }) => ({ key, document, password, partner, scenario }));
  }

  byDocument(document: string, partner: number): RecordedPersona | undefined {
    const wanted = document.replace(/[^0-9A-Z]/gi, '').toUpperCase();
    return [...this.personas.values()].find((p) => p.document.toUpperCase() === wanted && p.partner === partner);
  }

  get(key: string): RecordedPersona | undefined {
    return this.personas.get(key);
  }
}

const sameQuery = (a: Record<string, string> | undefined, b: Record<string, unknown>) => Object.entries(a ?? {}).every(([k, v]) => String(b[k]) === v);

/**
 * Answers a recorded persona's calls before the sandbox's own routes: its login and quota
 * selections with fresh sandbox tokens around the recorded answer, its reads with the recorded
 * answer (same path, same quota, the recorded query), and anything not recorded with a 404 that
 * says so. Everyone else goes on to the simulated back office.
 */
export function replayHook(replays: Replays, state: () => SandboxState) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const path = contractPath(request.url);
    if (request.method === 'POST' && path === 'login') {
      const form = (request.body ?? {}) as Record<string, string>;
      const persona = form.username ? replays.byDocument(form.username, Number(form.idParceiro)) : undefined;
      if (!persona) return undefined;
      if (form.password !== persona.password) return reply.code(400).send({ code: 'INVALID_CREDENTIALS', message: 'Usuário ou senha inválidos.' });
      const recorded = persona.answers.find((a) => a.name === 'session.login');
      return reply.header(REPLAY_HEADER, persona.key).send({ ...(recorded?.body as object), ...state().issueTokens(persona.key) });
    }
    const persona = request.grant ? replays.get(request.grant.customer) : undefined;
    if (!persona) return undefined;
    reply.header(REPLAY_HEADER, persona.key);
    if (request.method === 'POST' && path === 'login/selecionar-cota') {
      const idCota = Number((request.body as { idCota?: unknown } | undefined)?.idCota);
      const recorded = persona.answers.find((a) => a.name === 'session.selectQuota' && a.idCota === idCota);
      if (!recorded) return reply.code(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Cota não encontrada.' });
      const tokens = state().issueTokens(persona.key, idCota);
      return reply.send({ ...(recorded.body as object), accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expires_in: tokens.expires_in });
    }
    const idCota = request.grant?.idCota;
    const query = request.query as Record<string, unknown>;
    const candidates = persona.answers.filter((a) => a.method === request.method && a.path === path && (a.idCota === undefined || idCota === undefined || a.idCota === idCota));
    const recorded = candidates.find((a) => sameQuery(a.query, query)) ?? candidates[0];
    if (!recorded) return reply.code(404).send({ code: 'NOT_RECORDED', message: `Resposta não gravada para ${request.method} ${path}.` });
    return reply.code(recorded.status).send(recorded.body);
  };
}

/** POST /__sandbox/recordings loads a recorded persona; GET lists them. */
export function replayControlRoutes(replays: Replays) {
  return async (app: FastifyInstance) => {
    app.get('/recordings', async () => replays.list());
    app.post('/recordings', { bodyLimit: 32 * 1024 * 1024 }, async (request, reply) => {
      const parsed = RecordedPersona.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ message: `Gravação inválida: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` });
      replays.add(parsed.data);
      return { key: parsed.data.key };
    });
  };
}
