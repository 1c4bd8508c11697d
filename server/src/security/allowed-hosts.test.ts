import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import allowedHosts, { hostnameOf } from './allowed-hosts.js';

describe('allowed hosts', () => {
  it('reads a Host value’s name as Fastify does: without the port, an IPv6 address in its brackets', () => {
    expect(hostnameOf('app.parceiro.com.br')).toBe('app.parceiro.com.br');
    expect(hostnameOf('app.parceiro.com.br:8443')).toBe('app.parceiro.com.br');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('')).toBe('');
  });

  it('answers a partner’s host in any letter case and on any port, and refuses another host every time it is asked', async () => {
    const app = Fastify();
    await app.register(fp(async (a) => void a.decorate('config', { allowedHosts: new Set(['app.parceiro.com.br']) } as unknown as Config), { name: 'config' }));
    await app.register(allowedHosts);
    app.get('/pagina', async () => ({ ok: true }));
    const statusFor = async (host: string) => (await app.inject({ url: '/pagina', headers: { host } })).statusCode;
    for (let round = 0; round < 2; round++) {
      expect(await statusFor('app.parceiro.com.br')).toBe(200);
      expect(await statusFor('APP.Parceiro.com.br:8443')).toBe(200);
      expect(await statusFor('app.parceiro.com.br.golpe.com')).toBe(421);
      expect(await statusFor('golpe.com:443')).toBe(421);
    }
    await app.close();
  });
});
