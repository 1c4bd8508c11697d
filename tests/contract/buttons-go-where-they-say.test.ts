import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client, findAll, landOn, screenText } from '../helpers/api-client.js';
import { generateJourneys } from '../helpers/journeys.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const definitions = loadDefinitions();
const plain = (text: string) => text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const journeys = generateJourneys(definitions.routes, definitions.flows).filter((j) => !j.steps.some((s) => s.kind === 'use-phone') && !j.path.includes(':'));

/** Words that name no place: verbs of moving or doing, articles, possessives. */
const STOP = new Set(
  'a o as os de do da dos das e em no na para por pelo pela com sem so meu minha meus minhas seu sua seus suas este esta esse essa um uma ver acessar abrir acompanhar continuar voltar ir iniciar comecar fazer enviar reenviar tentar entendi atualizar faturar mais outra outro todos todas agora aqui ja novo nova novamente quero sim nao saiba app'.split(' '),
);
/** The product's own word for what a label calls otherwise. */
const SAME = { login: 'entrar', cadastro: 'dados' } as Record<string, string>;
const words = (label: string) => plain(label).split(/[^a-z0-9]+/).filter((w) => w.length > 2 && !STOP.has(w)).map((w) => SAME[w] ?? w);

describe('buttons and cards go where their words say', () => {
  it('every labelled navigation on the screens ana reaches lands on a screen that names what the label names', async () => {
    const c = client(stack.baseUrl);
    const problems: string[] = [];
    const followed = new Set<string>();
    let loggedIn = false;
    for (const journey of journeys) {
      if (journey.steps.length > 1 && !loggedIn) {
        await c.loginWithQuota('ana');
        loggedIn = true;
      }
      const { body } = await c.screen(journey.path);
      if (body.kind !== 'screen') continue;
      const links = findAll(body.layout, (n) => (n.action?.type === 'navigate' && typeof n.label === 'string') || (n.action?.action?.type === 'navigate' && typeof n.action?.label === 'string'));
      for (const node of links) {
        const label: string = node.action?.type === 'navigate' ? node.label : node.action.label;
        const to: string = node.action?.type === 'navigate' ? node.action.to : node.action.action.to;
        const named = words(label);
        if (named.length === 0 || !to.startsWith('/') || followed.has(`${label}→${to}`)) continue;
        followed.add(`${label}→${to}`);
        const { body: doc, path: landed } = await landOn(c, to);
        // A flow this customer has no case in sends her home or to its 'unavailable' page: that is the
        // flow's rule (its own tests follow these buttons as a customer in the flow), not the label's.
        if (landed !== to && (landed === '/home' || landed.endsWith('/indisponivel'))) continue;
        const shown = plain(`${doc.title ?? ''} ${doc.kind === 'screen' ? screenText(doc) : ''}`);
        // A word's stem (transferência ~ transferir, documentos ~ documento).
        const missing = named.filter((w) => !shown.includes(w.length > 6 ? w.slice(0, 6) : w.slice(0, Math.max(4, w.length - 1))));
        if (missing.length === named.length) problems.push(`${journey.path}: "${label}" → ${to}${landed !== to ? ` → ${landed}` : ''} (${doc.screen ?? doc.kind}) names none of: ${named.join(', ')}`);
      }
    }
    expect(followed.size).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
