import Fastify, { type FastifyRequest } from 'fastify';
import type pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { pseudonym } from '../../storage/pseudonym.js';
import { accessLineWriter, familyOf } from './observability.js';

/** A destination that records each write it is handed. */
function recorder() {
  const writes: string[] = [];
  const destination = { write: (chunk: string) => void writes.push(chunk) } as unknown as pino.DestinationStream;
  return { writes, destination };
}

const request = (id: string) => ({ id, method: 'GET' }) as unknown as FastifyRequest;
const observed = { requestId: 'x', upstreamMs: 12.4, upstreamCalls: 3 };
const KEY = Buffer.alloc(32, 7);

describe('access lines', () => {
  it('writes one line per request as pino writes a line at info level, with the request’s fields', () => {
    const { writes, destination } = recorder();
    const write = accessLineWriter(destination, KEY);
    write(request('req-1'), 'screen:home', 200, 41.6, observed);
    write(request('req-2'), '/health/live', 200, 0.4, null);
    expect(writes).toHaveLength(2);
    const parsed = writes.map((line) => {
      expect(line.endsWith('}\n')).toBe(true);
      return JSON.parse(line) as Record<string, unknown>;
    });
    expect(parsed).toMatchObject([
      { level: 30, pid: process.pid, reqId: 'req-1', family: 'screen:home', status: 200, ms: 42, upstreamMs: 12, upstreamCalls: 3, msg: 'GET screen:home' },
      { level: 30, pid: process.pid, reqId: 'req-2', family: '/health/live', status: 200, ms: 0, upstreamMs: 0, upstreamCalls: 0, msg: 'GET /health/live' },
    ]);
    expect(Object.keys(parsed[0]!).slice(0, 4)).toEqual(['level', 'time', 'pid', 'hostname']);
  });

  it('gives each line the time it was written, to the millisecond, and the family it was given', () => {
    vi.useFakeTimers({ now: 1_795_000_000_000 });
    try {
      const { writes, destination } = recorder();
      const write = accessLineWriter(destination, KEY);
      write(request('req-1'), 'screen:home', 200, 1, null);
      write(request('req-2'), 'screen:boletos', 200, 1, null);
      vi.setSystemTime(1_795_000_000_001);
      write(request('req-3'), 'screen:home', 200, 1, null);
      vi.setSystemTime(1_795_000_004_250);
      write(request('req-4'), 'screen:home', 200, 1, null);
      expect(writes.map((line) => JSON.parse(line) as { time: number; family: string; msg: string })).toMatchObject([
        { time: 1_795_000_000_000, family: 'screen:home', msg: 'GET screen:home' },
        { time: 1_795_000_000_000, family: 'screen:boletos', msg: 'GET screen:boletos' },
        { time: 1_795_000_000_001, family: 'screen:home', msg: 'GET screen:home' },
        { time: 1_795_000_004_250, family: 'screen:home', msg: 'GET screen:home' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names who asked: the client address, the customer only as the pseudonym of the security events, the staff member by login', () => {
    const { writes, destination } = recorder();
    const write = accessLineWriter(destination, KEY);
    const customer = { id: 'req-1', method: 'GET', ip: '203.0.113.9', session: { data: { partnerId: 1, customer: { inscricaoNacional: '66115750903' } } } };
    const staff = { id: 'req-2', method: 'POST', ip: '198.51.100.4', session: null, consoleMember: { login: 'operacao', role: 'publisher' } };
    const visitor = { id: 'req-3', method: 'GET', ip: '192.0.2.1', session: null, consoleMember: null };
    for (const r of [customer, staff, visitor]) write(r as unknown as FastifyRequest, 'screen:home', 200, 1, null);
    const [a, b, c] = writes.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(a).toMatchObject({ ip: '203.0.113.9', subject: pseudonym(KEY, 1, '661.157.509-03') });
    expect(writes[0]).not.toContain('66115750903');
    expect(b).toMatchObject({ ip: '198.51.100.4', staff: 'operacao' });
    expect(b).not.toHaveProperty('subject');
    expect(c).toMatchObject({ ip: '192.0.2.1' });
    expect(c).not.toHaveProperty('subject');
    expect(c).not.toHaveProperty('staff');
  });

  it('keeps a family with quotes or a line break inside its JSON string', () => {
    const { writes, destination } = recorder();
    accessLineWriter(destination, KEY)(request('req-1'), 'screen:"x"\n{"level":60}', 200, 1, null);
    expect(writes[0]!.split('\n')).toHaveLength(2);
    expect(JSON.parse(writes[0]!)).toMatchObject({ family: 'screen:"x"\n{"level":60}', msg: 'GET screen:"x"\n{"level":60}' });
  });
});

describe('a request’s family', () => {
  it('is the route a method and URL reach, the same when asked again, and not-found for no route', async () => {
    const app = Fastify();
    const families: string[] = [];
    app.addHook('onResponse', (request, _reply, done) => {
      families.push(`${request.method} ${request.url} → ${familyOf(request)}`);
      done();
    });
    app.get('/pedidos/:id', async () => ({}));
    app.post('/pedidos/novo', async () => ({}));
    const asked = [
      ['GET', '/pedidos/1'],
      ['GET', '/pedidos/novo'],
      ['POST', '/pedidos/novo'],
      ['DELETE', '/pedidos/1'],
    ] as const;
    for (const round of [1, 2]) for (const [method, url] of asked) await app.inject({ method, url, payload: round === 1 ? undefined : {} });
    expect(families).toEqual(
      [1, 2].flatMap(() => ['GET /pedidos/1 → /pedidos/:id', 'GET /pedidos/novo → /pedidos/:id', 'POST /pedidos/novo → /pedidos/novo', 'DELETE /pedidos/1 → not-found']),
    );
    await app.close();
  });
});
