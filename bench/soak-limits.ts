/**
 * The soak's check that limits hold across instances (bench/soak.ts): requests through the
 * balancer, which spreads them over the instances by round robin, each answer naming the instance
 * that gave it. Limits kept per instance would let each instance allow its own quota; shared ones
 * refuse the first attempt past the limit whichever instance answers it.
 * - Wrong passwords: LOGIN_LIMITS.perAccount for one CPF (a fresh one: the verdict does not depend
 *   on whether the account exists) answer "wrong credentials", the next one "too many attempts".
 * - One-time codes: lara (whose login owes a code) logs in MAX_SENDS_PER_HOUR + 1 times, each time
 *   asking a code; the last is refused by the server before the back office is asked (the sandbox's
 *   outbox gets exactly MAX_SENDS_PER_HOUR codes more), and Redis holds the shared count.
 */
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { Redis } from 'ioredis';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../screens/contract/index.js';
import { LOGIN_LIMITS } from '../server/src/security/login-throttle.js';
import { MAX_SENDS_PER_HOUR } from '../server/src/capabilities/auth/verification.js';
import { persona } from '../tests/helpers/personas.js';

interface Answer {
  instance: string;
  body: { kind?: string; to?: string; message?: string };
}

async function post(proxy: string, path: string, payload: unknown, address: string, cookie?: string): Promise<Answer & { cookie?: string }> {
  const res = await fetch(`${proxy}${path}`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'x-soak-client': address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(payload),
  });
  const setCookie = res.headers.get('set-cookie')?.split(';')[0];
  const instance = res.headers.get('x-soak-instance') ?? '?';
  // The balancer's own answer: the instance died with the request (counted as such, not retried).
  if (res.headers.get('x-soak-proxy')) return { instance, body: { kind: 'transport', message: await res.text() } };
  return { instance, body: (await res.json()) as Answer['body'], ...(setCookie ? { cookie: setCookie } : {}) };
}

/** One line of attempts: `1 server-2 refused…`, and whether the limit held exactly. */
const line = (answers: Array<{ instance: string; outcome: string }>) => answers.map((a, k) => `${k + 1}:${a.instance} ${a.outcome}`).join(' · ');

export async function wrongPasswords(proxy: string, address: string): Promise<{ held: boolean; instances: number; text: string }> {
  const documento = generateCPF();
  const answers: Array<{ instance: string; outcome: string }> = [];
  // A login the back office did not answer in time (a starved machine) counts no failure: the
  // attempts go on until the limit's worth of wrong passwords was counted, then one more.
  const wrong = () => answers.filter((a) => a.outcome === 'wrong').length;
  while (wrong() < LOGIN_LIMITS.perAccount && answers.length < 3 * LOGIN_LIMITS.perAccount) answers.push(await attempt());
  answers.push(await attempt());
  async function attempt() {
    const { instance, body } = await post(proxy, '/api/actions/auth/login', { modo: 'documento', documento, senha: '000000' }, address);
    return { instance, outcome: body.message?.startsWith('Muitas tentativas') ? 'too-many' : body.kind === 'field-errors' ? 'wrong' : `${body.kind}: ${body.message ?? ''}` };
  }
  const held = wrong() === LOGIN_LIMITS.perAccount && !answers.slice(0, -1).some((a) => a.outcome === 'too-many') && answers.at(-1)!.outcome === 'too-many';
  const instances = new Set(answers.map((a) => a.instance)).size;
  return { held, instances, text: `wrong passwords for one CPF (limit ${LOGIN_LIMITS.perAccount}): ${line(answers)}` };
}

export async function oneTimeCodes(proxy: string, sandbox: string, redisUrl: string): Promise<{ held: boolean; instances: number; text: string }> {
  const lara = persona('lara');
  const outbox = async () => ((await (await fetch(`${sandbox}/__sandbox/outbox`)).json()) as { data: unknown[] }).data.length;
  const redis = new Redis(redisUrl);
  const key = `otp-send:${lara.document}`;
  // An earlier run's count (kept an hour) would refuse the first send.
  await redis.del(key);
  const before = await outbox();
  const answers: Array<{ instance: string; outcome: string }> = [];
  for (let k = 0; k <= MAX_SENDS_PER_HOUR; k++) {
    const address = `10.250.0.${k + 1}`;
    const login = await post(proxy, '/api/actions/auth/login', { modo: 'documento', documento: lara.document, senha: lara.password }, address);
    const sent = await post(proxy, '/api/actions/auth/otp-confirm-document', { documento: lara.document }, address, login.cookie);
    answers.push({ instance: sent.instance, outcome: sent.body.to === '/entrar/verificacao/inserir' ? 'sent' : sent.body.kind === 'error' ? 'refused' : `${sent.body.kind} ${sent.body.to ?? sent.body.message ?? ''}` });
  }
  const codes = (await outbox()) - before;
  const shared = Number(await redis.get(key));
  redis.disconnect();
  const held = answers.slice(0, -1).every((a) => a.outcome === 'sent') && answers.at(-1)!.outcome === 'refused' && codes === MAX_SENDS_PER_HOUR;
  const instances = new Set(answers.map((a) => a.instance)).size;
  return { held, instances, text: `one-time codes for lara (limit ${MAX_SENDS_PER_HOUR} an hour): ${line(answers)}; codes the back office sent ${codes}; shared count in Redis ${shared}` };
}
