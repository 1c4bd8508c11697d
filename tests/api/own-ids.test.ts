import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { FAQ } from '../../sandbox/src/state/content.js';
import { client, findAll } from '../helpers/api-client.js';
import { customer, type Client } from '../helpers/moves.js';
import { useStack, type Stack } from '../helpers/stack.js';

const stack = useStack();

beforeEach(async () => {
  await stack.sandbox.reset();
});

const text = (key: keyof typeof texts) => texts[key];

/**
 * An id an action's body carries, as the tests of "checked against the customer's own lists"
 * drive it: whose session sends it, the body with the id in place (everything else the customer's
 * own and valid), another customer's id of the same kind, a guessed one, the back office's calls
 * that must not happen, and what the customer is told. `ignored`: the server never uses the body's
 * value (it uses its own), so the move goes on and the value never reaches the back office.
 */
interface IdCase {
  action: string;
  field: string;
  persona: string;
  /** A session that is not the persona's own (the assistant's conversations belong to a visitor). */
  anonymous?: true;
  body: (c: Client, id: string) => Promise<Record<string, unknown>>;
  foreign: (stack: Stack) => Promise<string>;
  guessed: string;
  effect: { method: string; path: RegExp };
  refusal?: string;
  ignored?: true;
}

const hubButton = async (c: Client) => findAll((await c.screen('/boletos?filtro=todos')).body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0].action.payload as Record<string, unknown>;
const listForm = async (c: Client) => findAll((await c.screen('/boletos/listadeboletos')).body.layout, (n) => n.type === 'form' && n.id === 'form-parcelas')[0];
const session = async (key: string) => (await customer(stack, key)).c;

/** carla's first open instalment, as her own slip list shows it. */
const carlasInstalment = async () => String((await hubButton(await session('carla'))).cobranca);
/** ana's seed bid (the newest of her history). */
const anasBid = async () => String(findAll((await (await session('ana')).screen('/bid_history')).body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('lance-'))[0].id).slice('lance-'.length);

const ID_CASES: IdCase[] = [
  {
    action: 'slips/generate',
    field: 'cobranca',
    persona: 'ana',
    body: async (c, id) => ({ ...(await hubButton(c)), cobranca: id }),
    foreign: carlasInstalment,
    guessed: '1001-099',
    effect: { method: 'POST', path: /\/cobrancas\/boleto$/ },
    refusal: text('boletos.erro.parcela-desconhecida'),
  },
  {
    action: 'slips/generate',
    field: 'processo',
    persona: 'ana',
    body: async (c, id) => ({ ...(await hubButton(c)), processo: id }),
    foreign: async () => String((await hubButton(await session('carla'))).processo),
    guessed: '0123456789abcdef',
    effect: { method: 'POST', path: /\/cobrancas\/boleto$/ },
    ignored: true,
  },
  {
    action: 'slips/generate-marked',
    field: 'parcelas',
    persona: 'ana',
    body: async (c, id) => ({ ...(await listForm(c)).submit.action.payload, parcelas: [id] }),
    foreign: carlasInstalment,
    guessed: '1001-099',
    effect: { method: 'POST', path: /\/segunda-via\/(marcar|gerar-boleto)$/ },
    refusal: text('boletos.erro.parcela-desconhecida'),
  },
  {
    action: 'slips/generate-marked',
    field: 'atrasadas',
    persona: 'ana',
    body: async (c, id) => {
      const form = await listForm(c);
      return { ...form.submit.action.payload, parcelas: [form.schema.properties.parcelas.items.enum[0]], atrasadas: [id] };
    },
    foreign: carlasInstalment,
    guessed: '1001-099',
    effect: { method: 'POST', path: /\/segunda-via\/(marcar|gerar-boleto)$/ },
    refusal: text('boletos.erro.parcela-desconhecida'),
  },
  {
    action: 'slips/generate-marked',
    field: 'processo',
    persona: 'ana',
    body: async (c, id) => {
      const form = await listForm(c);
      return { ...form.submit.action.payload, parcelas: [form.schema.properties.parcelas.items.enum[0]], processo: id };
    },
    foreign: async () => String((await hubButton(await session('carla'))).processo),
    guessed: '0123456789abcdef',
    effect: { method: 'POST', path: /\/segunda-via\/gerar-boleto$/ },
    ignored: true,
  },
  {
    action: 'slips/email',
    field: 'boleto',
    persona: 'ana',
    body: async (_c, id) => ({ boleto: id, destinatarios: [{ nome: 'Ana', email: 'ana@example.com.br' }] }),
    foreign: async () => {
      const carla = await session('carla');
      const slip = await carla.action('slips/generate', await hubButton(carla));
      return new URL(String(slip.body.to), 'http://x').searchParams.get('boleto')!;
    },
    guessed: 'ZZZZ9999',
    effect: { method: 'POST', path: /\/boletos\/.+\/email$/ },
    refusal: text('boletos.erro.boleto-desconhecido'),
  },
  {
    action: 'renegotiation/select',
    field: 'parcelas',
    persona: 'carla',
    body: async (_c, id) => ({ parcelas: [id] }),
    // ana's open instalment: another customer's, and not late.
    foreign: async () => String((await hubButton(await session('ana'))).cobranca),
    guessed: '1003-099',
    effect: { method: 'POST', path: /^selecionar-parcelas$/ },
    refusal: text('renegociar.erro.parcela-desconhecida'),
  },
  ...(['bids/cancel', 'bids/cancel-confirm', 'bids/repeat'] as const).map(
    (action): IdCase => ({
      action,
      field: 'protocolo',
      persona: 'quintino',
      body: async (_c, id) => ({ protocolo: id }),
      foreign: anasBid,
      guessed: '2026999999',
      effect: { method: 'PUT', path: /cancelamento-lance/ },
      refusal: text('lances.erro.nao-encontrado'),
    }),
  ),
  {
    action: 'help/feedback',
    field: 'question_id',
    persona: 'ana',
    body: async (_c, id) => ({ question_id: Number(id), is_helpful: true }),
    // A question of partner Horizonte's help centre, asked on the default partner.
    foreign: async () => String(FAQ[68]![0]!.questions[0]!.id),
    guessed: '999999',
    effect: { method: 'POST', path: /^faq\/feedback$/ },
    refusal: text('ajuda.erro.pergunta-desconhecida'),
  },
  {
    action: 'quotas/select',
    field: 'idCota',
    persona: 'ana',
    body: async (_c, id) => ({ idCota: Number(id) }),
    foreign: async () => (await customer(stack, 'carla')).idCota.toString(),
    guessed: '999999',
    effect: { method: 'POST', path: /^login\/selecionar-cota$/ },
    refusal: text('erro.cota-nao-encontrada'),
  },
  {
    action: 'assistant/feedback',
    field: 'mensagem',
    persona: 'ana',
    anonymous: true,
    body: async (_c, id) => ({ mensagem: id, feedback: 'POSITIVE' }),
    // An answer of another visitor's conversation.
    foreign: async () => {
      const answer = await client(stack.baseUrl).action('assistant/message', { mensagem: 'Como emito a segunda via do boleto?', chave: `own-ids-${Date.now()}` });
      return String(answer.body.node.messages[1].id);
    },
    guessed: 'msg_nao_existe',
    effect: { method: 'PATCH', path: /^embraassist\/ia\/feedback$/ },
    refusal: text('assistente.erro.avaliacao-desconhecida'),
  },
];

/** Fields that carry no id of a customer's list, with the reason. */
const NOT_OWN_IDS: Record<string, string> = {
  'assistant/message mensagem': 'the question typed, free text',
  'assistant/embed-message mensagem': 'the question typed, free text',
  'assistant/embed-feedback mensagem': 'an answer of the embedded chat’s own conversation, checked as assistant/feedback is (one handler for both channels)',
};

/** Console actions name flow definitions and publish requests: staff data, not a customer's lists. */
const isConsole = (action: string) => action.startsWith('ops/');

const ID_FIELD = /^(id|idCota|protocolo|cobranca|parcelas|atrasadas|boleto|processo|mensagem|pedido)$|Id$|_id$/;

describe('ids in an action’s body are checked against the customer’s own lists', () => {
  it('has a row, or a reason, for every field of every action that carries an id', () => {
    const covered = new Set(ID_CASES.map((c) => `${c.action} ${c.field}`));
    const missing: string[] = [];
    for (const [name, action] of stack.app.actions.list()) {
      if (isConsole(name)) continue;
      let schema: { properties?: Record<string, unknown>; anyOf?: Array<{ properties?: Record<string, unknown> }>; oneOf?: Array<{ properties?: Record<string, unknown> }> };
      try {
        schema = z.toJSONSchema(action.input, { io: 'input', unrepresentable: 'any' }) as typeof schema;
      } catch {
        schema = {};
      }
      const fields = new Set([schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s) => Object.keys(s.properties ?? {})));
      for (const field of fields) if (ID_FIELD.test(field) && !covered.has(`${name} ${field}`) && !(`${name} ${field}` in NOT_OWN_IDS)) missing.push(`${name} ${field}`);
    }
    expect(missing).toEqual([]);
  });

  for (const kind of ['foreign', 'guessed'] as const) {
    it.each(ID_CASES.map((c) => [c.action, c.field, c] as const))(`%s: a ${kind} %s never reaches the back office: refused in Portuguese, or not used`, async (_action, _field, row) => {
      const id = kind === 'foreign' ? await row.foreign(stack) : row.guessed;
      const c = row.anonymous ? client(stack.baseUrl) : (await customer(stack, row.persona)).c;
      const body = await row.body(c, id);
      await stack.sandbox.clearCalls();
      const answer = await c.action(row.action, body);
      const calls = await stack.sandbox.calls();
      // Nothing that changes the back office carries the id.
      expect(calls.filter((call) => call.method !== 'GET' && JSON.stringify([call.path, call.query, call.body]).includes(id))).toEqual([]);
      if (row.ignored) {
        expect(answer.body.kind, JSON.stringify(answer.body)).toBe('navigate');
        return;
      }
      expect(JSON.stringify(answer.body)).toContain(JSON.stringify(row.refusal).slice(1, -1));
      expect(calls.filter((call) => call.method === row.effect.method && row.effect.path.test(call.path))).toEqual([]);
    });
  }
});
