import { describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

// One load balancer in front (TRUST_PROXY=1): the client is the address it forwards.
const stack = useStack({ TRUST_PROXY: '1' });

function wrongLogin(from: string, key: string) {
  const c = client(stack.baseUrl);
  return c.action('auth/login', { modo: 'documento', documento: persona(key).document, senha: '000001' }).set('x-forwarded-for', from);
}

describe('behind a load balancer (TRUST_PROXY)', () => {
  it('limits wrong logins per real client address, not per balancer: the 21st from one client is refused, another client still logs in', async () => {
    // 20 wrong passwords from one client, 5 per account so no account limit is reached first.
    for (const key of ['carla', 'marcos', 'quintino', 'julia']) {
      for (let i = 0; i < 5; i++) expect((await wrongLogin('203.0.113.7', key)).body.message).toBe(texts['entrar.erro.credenciais']);
    }
    expect((await wrongLogin('203.0.113.7', 'nina')).body.message).toBe(texts['entrar.erro.muitas-tentativas']);
    const ana = persona('ana');
    const other = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password }).set('x-forwarded-for', '198.51.100.20');
    expect(other.body.kind).toBe('navigate');
  });

  it('resolves the partner by the host the balancer forwards', async () => {
    const res = await client(stack.baseUrl).screen('/login').set('x-forwarded-host', 'horizonte.localhost');
    expect(res.body.partner.name).toBe('Horizonte Consórcios');
  });
});

describe('GET /api/screens with odd paths', () => {
  it.each(['//', '//evil.example/home', '/\\\\x', '/%', '/..//..'])('answers %s without a 500 and never leaves the app', async (path) => {
    const res = await client(stack.baseUrl).screen(path);
    expect(res.status).toBeLessThan(500);
    if (res.body.kind === 'redirect') expect(res.body.to.startsWith('/')).toBe(true);
  });
});
