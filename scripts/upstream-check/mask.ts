import { generateCep, generateCNPJ, generateCPF, generateLicensePlate, generateRenavam } from '@brazilian-utils/brazilian-utils';

/** What kind of personal data a field holds, by its name (case and accents as the spec writes them). */
export type PersonalKind = 'nome' | 'documento' | 'endereco' | 'telefone' | 'email' | 'conta' | 'nascimento' | 'credencial' | 'veiculo' | 'url';

const NOT_A_PERSON = /^nome(movimento|bem|fabricante|banco|arquivo|produto|plano|parceiro|modelo|marca|documento|categoria|grupo|etapa|fase|campo|lista)/i;

/** The masking rules by field name (docs/go-live.md lists them). */
export function personalKindOf(key: string, siblings: Record<string, unknown> = {}, parentKey = ''): PersonalKind | undefined {
  const k = key.toLowerCase();
  if (/^(access_?token|refresh_?token|auth_token|token|senha|password)$/.test(k)) return 'credencial';
  if (/^(nome[a-z]*|razaosocial|titular|apelido|favorecido|beneficiario|conjuge|procurador|vendedor|agente)$/.test(k) && !NOT_A_PERSON.test(k)) return 'nome';
  if (/(cpf|cnpj|inscricaonacional)|^(documento|numerodocumento|rg|cnh|orgaoemissor)$/.test(k)) return 'documento';
  if (/email/.test(k)) return 'email';
  if (/^(celular|telefone|fone|whatsapp|telefonecontato)$/.test(k) || (k === 'numero' && ('ddd' in siblings || /telefone/i.test(parentKey)))) return 'telefone';
  if (/^(logradouro|endereco|complemento|bairro|cep|pontoreferencia)$/.test(k) || (k === 'numero' && ('logradouro' in siblings || /endereco/i.test(parentKey)))) return 'endereco';
  if (/^(conta|numeroconta|contacorrente|agencia|digito|digitoconta|digitoagencia|dvconta|dvagencia|chave|chavepix|iban)$/.test(k)) return 'conta';
  if (/nascimento/.test(k)) return 'nascimento';
  if (/^(placa|renavam|chassi)$/.test(k)) return 'veiculo';
  if (/^(fotourl|foto|avatarurl)$/.test(k)) return 'url';
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FORMATTED_DOCUMENT = /^(\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/;

/**
 * Replaces personal data by consistent fakes: the same original always becomes the same fake
 * within one recording (a quota's holder is the same person on every answer), the fake keeps the
 * kind (a valid CPF for a CPF, an e-mail for an e-mail), and every masked original is also
 * replaced where it appears under any other name or inside a longer text.
 */
export class Masker {
  private readonly fakes = new Map<string, string>();
  private count = 0;

  /** Every original value masked so far (for the check that none survives). */
  originals(): string[] {
    return [...this.fakes.keys()];
  }

  fakeOf(kind: PersonalKind, original: string): string {
    const known = this.fakes.get(original);
    if (known !== undefined) return known;
    const n = ++this.count;
    const digits = original.replace(/\D/g, '');
    const fake = (() => {
      switch (kind) {
        case 'nome':
          return `Pessoa Gravada ${n}`;
        case 'documento':
          return digits.length === 11 ? generateCPF() : original.replace(/[^0-9A-Z]/gi, '').length === 14 ? generateCNPJ() : `DOC${String(n).padStart(8, '0')}`;
        case 'email':
          return `pessoa${n}@exemplo.com.br`;
        case 'telefone':
          return digits.length <= 2 ? digits : `9${String(10_000_000 + n).slice(-8)}`.slice(-Math.max(digits.length, 8));
        case 'endereco':
          return /^\d{5}-?\d{3}$/.test(original) ? generateCep() : /^\d+$/.test(original) ? String(100 + n) : `Endereço gravado ${n}`;
        case 'conta':
          return digits.length ? String(n).padStart(digits.length, '0').slice(-digits.length) : `chave-gravada-${n}`;
        case 'nascimento':
          return original.replace(/^(\d{4})-\d{2}-\d{2}/, '$1-01-01').replace(/^\d{2}\/\d{2}\/(\d{4})/, '01/01/$1');
        case 'credencial':
          return 'gravado';
        case 'veiculo':
          return /^[A-Z]{3}/i.test(original) ? generateLicensePlate() : generateRenavam();
        case 'url':
          return 'https://exemplo.com.br/foto-gravada.jpg';
      }
    })();
    this.fakes.set(original, fake);
    // A first name also shows alone ("Olá, Ana"): it goes too.
    const first = original.split(/\s+/)[0] ?? '';
    if (kind === 'nome' && first.length >= 3 && first !== original && !this.fakes.has(first)) this.fakes.set(first, 'Pessoa');
    return fake;
  }

  /** One answer masked (by field names and value patterns); run `finish` over all of them after. */
  mask(data: unknown, key = '', siblings: Record<string, unknown> = {}, parentKey = ''): unknown {
    if (Array.isArray(data)) return data.map((item) => this.mask(item, key, {}, key));
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, this.mask(v, k, record, key)]));
    }
    const kind = personalKindOf(key, siblings, parentKey);
    if (typeof data === 'string' && data) {
      if (kind) return this.fakeOf(kind, data);
      if (EMAIL.test(data)) return this.fakeOf('email', data);
      if (FORMATTED_DOCUMENT.test(data)) return this.fakeOf('documento', data);
      return data;
    }
    if (typeof data === 'number' && kind && kind !== 'credencial') return Number(this.fakeOf(kind, String(data)).replace(/\D/g, '')) || 0;
    return data;
  }

  /**
   * Replaces every masked original wherever it still appears: under a field name the rules do not
   * know, inside a longer text ("Olá, Ana"), or as the digits of a formatted document. One pass
   * over each text, the longest original first at each place, and a value that is already a fake
   * is left as it is: a fake CPF holding the digits of a short original (an address number, an
   * account) would otherwise be rewritten into a document found nowhere else in the recording.
   */
  finish(data: unknown): unknown {
    const originals = [...this.fakes.keys()].filter((original) => original.length >= 3).sort((a, b) => b.length - a.length);
    if (originals.length === 0) return data;
    const fakes = new Set(this.fakes.values());
    const found = new RegExp(originals.map((original) => original.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    const scrub = (text: string): string => (fakes.has(text) ? text : text.replace(found, (original) => this.fakes.get(original)!));
    const walk = (node: unknown): unknown => {
      if (typeof node === 'string') return scrub(node);
      if (Array.isArray(node)) return node.map(walk);
      if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
      return node;
    };
    return walk(data);
  }
}
