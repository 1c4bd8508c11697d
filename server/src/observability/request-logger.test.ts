import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../logger.js';
import { lazyRootLogger, RequestLogger } from './request-logger.js';

function collected(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino(loggerOptions(level), stream) };
}

describe('a request’s logger', () => {
  it('writes the lines of the child it stands for: bound to the request, redacted, at its level', async () => {
    const { lines, logger } = collected();
    const log = new RequestLogger(logger, { reqId: 'req-7' }, {});
    log.info({ body: { senha: '123456' }, quota: '0567' }, 'entrou');
    log.debug('not written at info');
    log.child({ capability: 'slips' }).warn('boleto');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map(({ reqId, msg, body, quota, capability, level }) => ({ reqId, msg, senha: (body as { senha?: string } | undefined)?.senha, quota, capability, level }))).toEqual([
      { reqId: 'req-7', msg: 'entrou', senha: '[oculto]', quota: '0567', capability: undefined, level: 30 },
      { reqId: 'req-7', msg: 'boleto', senha: undefined, quota: undefined, capability: 'slips', level: 40 },
    ]);
  });

  it('makes no child until a line is written at an enabled level', () => {
    const { logger } = collected('warn');
    const child = vi.spyOn(logger, 'child');
    const log = new RequestLogger(logger, { reqId: 'req-8' }, {});
    log.info('below the level');
    log.debug('below the level');
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    log.warn('written');
    expect(child).toHaveBeenCalledTimes(1);
    log.error('written');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('takes a route’s own level, and can be given another', () => {
    const { lines, logger } = collected('info');
    const log = new RequestLogger(logger, { reqId: 'req-9' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.level = 'error';
    log.warn('not written at error');
    expect(lines).toEqual([]);
    expect(log.level).toBe('error');
  });

  it('is what Fastify gives a request, with the request’s id on its lines and Fastify’s serializers', async () => {
    const { lines, logger } = collected();
    const app = Fastify({ loggerInstance: lazyRootLogger(logger), logController: new LogController({ disableRequestLogging: true }) });
    app.get('/', async (request) => {
      expect(request.log).toBeInstanceOf(RequestLogger);
      request.log.info('no handler line but this');
      request.log.error({ err: new Error('falhou') }, 'with an error');
      return 'ok';
    });
    const res = await app.inject('/');
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(lines.filter((line) => line.msg === 'no handler line but this').map((line) => line.reqId)).toEqual(['req-1']);
    expect(lines.find((line) => line.msg === 'with an error')).toMatchObject({ reqId: 'req-1', err: { type: 'Error', message: 'falhou' } });
  });

  it('makes no pino child for a request that writes no line', async () => {
    const { logger } = collected();
    const child = vi.spyOn(logger, 'child');
    const app = Fastify({ loggerInstance: lazyRootLogger(logger), logController: new LogController({ disableRequestLogging: true }) });
    app.get('/quiet', async () => 'ok');
    app.get('/speaks', async (request) => {
      request.log.warn('a line');
      return 'ok';
    });
    await app.ready();
    const before = child.mock.calls.length;
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(child.mock.calls.length).toBe(before);
    expect((await app.inject('/speaks')).statusCode).toBe(200);
    expect(child.mock.calls.length).toBeGreaterThan(before);
    await app.close();
  });

  it('leads to the destination pino writes to, for the lines written beside pino', async () => {
    const { logger } = collected();
    const app = Fastify({ loggerInstance: lazyRootLogger(logger) });
    const { streamSym } = pino.symbols;
    expect((app.log as unknown as Record<symbol, unknown>)[streamSym]).toBe((logger as unknown as Record<symbol, unknown>)[streamSym]);
    expect((app.log as unknown as Record<symbol, unknown>)[streamSym]).toBeDefined();
    await app.close();
  });
});
