/**
 * The secrets production refuses (config.ts asks at start, APP_ENV=production only): a value
 * published in this repository — anyone can read it — and a value too weak to be a secret: shorter
 * than its minimum, with too few distinct characters, or with too little estimated entropy. Each
 * refusal names its variable and never repeats the value.
 */

export interface SecretRule {
  minLength: number;
  minDistinct: number;
  /** Estimated entropy (estimatedBits), in bits. */
  minBits: number;
  /** How to make a value that passes, in the refusal. */
  hint: string;
}

/** Keys the server itself uses (cookie signing, sealing): generated, 128 bits at the least. */
export const KEY_RULE: SecretRule = { minLength: 32, minDistinct: 10, minBits: 128, hint: 'gere com openssl rand -base64 32' };
/** The back office's API client secret: issued by the back office, whose format is its own. */
export const CLIENT_SECRET_RULE: SecretRule = { minLength: 16, minDistinct: 8, minBits: 80, hint: 'peça ao back office um segredo gerado' };
/** A console password: typed by a person, so long rather than random. */
export const PASSWORD_RULE: SecretRule = { minLength: 15, minDistinct: 8, minBits: 64, hint: 'use uma frase-senha longa ou openssl rand -base64 18' };

/** The secrets the configuration reads and their rules; any other variable named *_SECRET, *_KEY or *_KEYS is held to KEY_RULE. */
const RULES: Record<string, SecretRule> = { COOKIE_SECRET: KEY_RULE, UPSTREAM_CLIENT_SECRET: CLIENT_SECRET_RULE, OPS_OIDC_CLIENT_SECRET: CLIENT_SECRET_RULE, OPS_USERS: PASSWORD_RULE };
const SECRET_NAME = /_(SECRET|KEY|KEYS)$/;

/** The secret variables among `names`, with the rule each is held to. */
export function secretVariables(names: readonly string[]): Map<string, SecretRule> {
  return new Map(names.flatMap((name): Array<[string, SecretRule]> => (RULES[name] ? [[name, RULES[name]]] : SECRET_NAME.test(name) ? [[name, KEY_RULE]] : [])));
}

/**
 * Secret values written in this repository: the sandbox's API client, staff accounts and the
 * console's client at the sandbox's identity provider, docker
 * compose's demo defaults. tests/deploy/shipped-secrets.test.ts reads the repository for secret
 * values (compose, docs, fixtures, .env examples, scripts) and checks that each one is here or
 * refused as weak anyway.
 */
export const SHIPPED_SECRETS: ReadonlySet<string> = new Set([
  'sandbox-secret',
  'sandbox-console-secret',
  'operacao-sandbox',
  'consulta-sandbox',
  'aprovacao-sandbox',
  'demo-only-secret-change-me-0123456789abcdef',
  'demo-only-client-secret-change-me',
  'troque-esta-senha-demo',
]);

/** The smallest of the usual alphabets that holds every character of `value` (printable ASCII for anything else). */
function alphabetSize(value: string): number {
  const alphabets: Array<[RegExp, number]> = [
    [/^[0-9]*$/, 10],
    [/^[0-9a-f]*$/, 16],
    [/^[0-9A-F]*$/, 16],
    [/^[a-z]*$/, 26],
    [/^[A-Z]*$/, 26],
    [/^[a-z0-9]*$/, 36],
    [/^[A-Z0-9]*$/, 36],
    [/^[A-Za-z]*$/, 52],
    [/^[A-Za-z0-9]*$/, 62],
    [/^[A-Za-z0-9_-]*$/, 64],
    [/^[A-Za-z0-9+/=]*$/, 65],
  ];
  return alphabets.find(([pattern]) => pattern.test(value))?.[1] ?? 95;
}

/**
 * A cautious estimate of the entropy of `value` in bits: each character is worth the bits of the
 * smallest usual alphabet holding the whole value (hex 4, base64 6), except one that repeats the
 * character before or steps from it by one (`aaaa`, `abcd`, `4321`) or ends a three-character
 * piece already seen earlier (`abcabc`), which is worth one bit. Random values score about their
 * true entropy; repetitions, sequences and short alphabets score low. Words are not recognised:
 * the length minimums are there for them.
 */
export function estimatedBits(value: string): number {
  const chars = [...value];
  const perChar = Math.log2(alphabetSize(value));
  let bits = 0;
  for (let i = 0; i < chars.length; i++) {
    const code = chars[i]!.codePointAt(0)!;
    const stepsFromPrevious = i > 0 && Math.abs(code - chars[i - 1]!.codePointAt(0)!) <= 1;
    const repeatsAPiece = i >= 2 && chars.slice(0, i).join('').includes(chars.slice(i - 2, i + 1).join(''));
    bits += stepsFromPrevious || repeatsAPiece ? 1 : perChar;
  }
  return Math.floor(bits);
}

/** Whether `value` is too weak for `rule` (the value itself is never part of the answer). */
export function tooWeak(value: string, rule: SecretRule): boolean {
  const chars = [...value];
  return chars.length < rule.minLength || new Set(chars).size < rule.minDistinct || estimatedBits(value) < rule.minBits;
}

/**
 * The secret values of a variable, each with the name a refusal gives it: every password of
 * OPS_USERS (`login:password:role,…`), every key of a key ring (`*_KEYS`: `id=key,…`), or the
 * whole value.
 */
function secretValues(name: string, value: string): Array<{ label: string; value: string }> {
  if (name === 'OPS_USERS') {
    return value.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
      const [login = '', password = ''] = entry.split(':');
      return { label: `OPS_USERS (senha de ${login})`, value: password };
    });
  }
  if (name === 'COOKIE_SECRET' && value.includes(',')) {
    return value.split(',').map((entry, k) => ({ label: k === 0 ? name : `${name} (segredo ${k + 1})`, value: entry.trim() }));
  }
  if (name.endsWith('_KEYS')) {
    return value.split(',').map((entry) => {
      const at = entry.indexOf('=');
      return { label: `${name} (chave ${entry.slice(0, Math.max(at, 0)).trim()})`, value: entry.slice(at + 1).trim() };
    });
  }
  return [{ label: name, value }];
}

/** Why production refuses the secrets among `env` (empty when it accepts them all): one line per refused value, naming its variable. */
export function secretProblems(env: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, rule] of secretVariables(Object.keys(env))) {
    const value = env[name];
    if (typeof value !== 'string') continue;
    for (const secret of secretValues(name, value)) {
      if (SHIPPED_SECRETS.has(secret.value)) problems.push(`${secret.label}: valor publicado no repositório (demonstração, documentação ou sandbox), não vale em produção; ${rule.hint}`);
      else if (tooWeak(secret.value, rule)) problems.push(`${secret.label}: segredo fraco para produção (pelo menos ${rule.minLength} caracteres, ${rule.minDistinct} distintos e ${rule.minBits} bits de entropia estimada, sem repetições nem sequências); ${rule.hint}`);
    }
  }
  return problems;
}
