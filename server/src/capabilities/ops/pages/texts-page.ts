import type { FastifyInstance } from 'fastify';
import { countOf } from '../../../domain/format.js';
import type { PageLoader } from '../console-pages.js';
import type { StaffSession } from '../staff-sessions.js';
import { canPublish } from '../staff.js';

/** At most this many texts are listed for a search. */
const MAX_RESULTS = 40;

/** The texts the analyst edits: those of a texts draft in progress, else those in service. */
export function textsInDraft(app: FastifyInstance, member: StaffSession): Record<string, string> {
  const draft = member.draft?.id === 'texts' ? (member.draft.content as { texts?: Record<string, string> }).texts : undefined;
  return draft ?? app.flows.bundle.texts ?? app.definitions.texts;
}

/** /ops/textos: the customers' texts searched by key or words, one of them opened to edit (publishers). */
export function textsPage(app: FastifyInstance): PageLoader {
  return async ({ member, query, text }) => {
    const texts = textsInDraft(app, member);
    const busca = query.get('busca') ?? '';
    const key = query.get('chave');
    const needle = busca.trim().toLowerCase();
    const found = needle ? Object.entries(texts).filter(([k, v]) => k.toLowerCase().includes(needle) || v.toLowerCase().includes(needle)) : [];
    return {
      marcador: '{{partner.name}}',
      quantos: countOf(Object.keys(texts).length, text('ops.textos.um'), text('ops.textos.varios')),
      busca,
      buscou: Boolean(needle),
      encontrados: found.slice(0, MAX_RESULTS).map(([k, v]) => ({ chave: k, texto: v, destino: `/ops/textos?chave=${encodeURIComponent(k)}` })),
      edicao: key !== null && key in texts && canPublish(member.role) ? { chave: key, texto: texts[key] } : null,
    };
  };
}
