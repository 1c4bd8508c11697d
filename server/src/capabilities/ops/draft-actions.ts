import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { ThemeDefinition } from '../../../../screens/contract/flows.js';
import { fileNameOf, textsFile } from '../../composition/flows/bundle.js';
import { countOf } from '../../domain/format.js';
import { consoleText } from './console-texts.js';
import { textsInDraft } from './pages/texts-page.js';
import { THEME_TOKENS } from './pages/themes-page.js';
import { consoleError, staffAction } from './staff-action.js';
import type { StaffSession } from './staff-sessions.js';
import { findingsOf } from './table-editor.js';

const DraftInput = z.object({ id: z.string().regex(/^[a-z0-9-]+$/), conteudo: z.string('@erro.campo-obrigatorio').min(2, '@erro.campo-obrigatorio').max(200_000) });

/** The actions that make a staff member's draft: a definition edited, a text, a theme; analysed before it is kept; discarded. */
export function draftActions(app: FastifyInstance): void {
  const { sessions } = app.staffSignIn;
  const refused = () => consoleText('ops.erro.recusado');

  /** The draft's definition parsed and analysed with the rest of the version in service; a refusal keyed as the editor marks it. */
  function analyseDraft(input: z.output<typeof DraftInput>): { content: unknown; errors: Record<string, string> } | ActionResult {
    if (!app.flows.bundle.definitions.some((d) => d.id === input.id)) return consoleError(app, 'ops.erro.sem-definicao');
    let content: unknown;
    try {
      content = JSON.parse(input.conteudo);
    } catch {
      return { kind: 'field-errors', errors: { conteudo: consoleText('ops.erro.json') } };
    }
    if (!content || typeof content !== 'object' || fileNameOf(content as { id: string }) !== `${input.id}.json`) {
      return { kind: 'field-errors', errors: { conteudo: consoleText('ops.erro.mesmo-id', { id: input.id }) } };
    }
    const { report } = app.flows.check({ ...app.flows.files, [`${input.id}.json`]: content });
    const errors = findingsOf(report, input.id);
    // Errors elsewhere (another definition that relied on this one) still refuse: shown on the table.
    const others = report.findings.filter((f) => f.level === 'erro' && !(f.definition === input.id || f.where === 'formato' || f.where.includes(input.id)));
    if (others.length) errors.tabela = [errors.tabela, ...others.map((f) => `${f.where}: ${f.message}`)].filter(Boolean).join('; ');
    return { content, errors };
  }

  staffAction(app, 'analisar', DraftInput, async (input) => {
    const analysed = analyseDraft(input);
    if ('kind' in analysed) return analysed;
    const count = Object.keys(analysed.errors).length;
    return { kind: 'field-errors', errors: analysed.errors, message: count ? consoleText('ops.analisador.pontos', { pontos: countOf(count, 'ponto', 'pontos') }) : consoleText('ops.analisador.ok') };
  });

  staffAction(
    app,
    'draft',
    DraftInput,
    async (input, member) => {
      const analysed = analyseDraft(input);
      if ('kind' in analysed) return analysed;
      if (Object.keys(analysed.errors).length) return { kind: 'field-errors', errors: analysed.errors, message: refused() };
      await sessions.saveDraft(member.id, { id: input.id, content: analysed.content, baseVersion: app.flows.version });
      return { kind: 'navigate', to: '/ops/rascunho' };
    },
    'publish',
  );

  /** Saves a texts or theme draft if the analyser accepts it; else its reasons keyed by the form's fields. */
  async function contentDraft(member: StaffSession, id: string, content: unknown, fieldOf: (f: { field?: string | undefined }) => string | null): Promise<ActionResult> {
    if (JSON.stringify(app.flows.files[`${id}.json`]) === JSON.stringify(content)) return { kind: 'field-errors', errors: {}, message: consoleText('ops.erro.nada-mudou') };
    const { report } = app.flows.check({ ...app.flows.files, [`${id}.json`]: content });
    const errors: Record<string, string> = {};
    const general: string[] = [];
    for (const f of report.findings.filter((x) => x.level === 'erro')) {
      const field = fieldOf(f);
      if (field) errors[field] = errors[field] ? `${errors[field]}; ${f.message}` : f.message;
      else general.push(`${f.where}: ${f.message}`);
    }
    if (!report.ok) return { kind: 'field-errors', errors, message: [refused(), ...general].join(' ') };
    await sessions.saveDraft(member.id, { id, content, baseVersion: member.draft?.id === id ? member.draft.baseVersion : app.flows.version });
    return { kind: 'navigate', to: '/ops/rascunho' };
  }

  staffAction(app, 'textos-busca', z.object({ busca: z.string().max(100).default('') }), async (input) => ({ kind: 'navigate', to: `/ops/textos?busca=${encodeURIComponent(input.busca.trim())}` }));

  staffAction(
    app,
    'texto',
    z.object({ chave: z.string().min(1).max(200), texto: z.string('@erro.campo-obrigatorio').min(1, '@erro.campo-obrigatorio').max(2000) }),
    async (input, member) => {
      const texts = textsInDraft(app, member);
      if (!(input.chave in texts)) return { kind: 'field-errors', errors: { texto: consoleText('ops.erro.texto-inexistente') } };
      const content = textsFile({ ...texts, [input.chave]: input.texto });
      return contentDraft(member, 'texts', content, (f) => (f.field === input.chave ? 'texto' : null));
    },
    'publish',
  );

  staffAction(
    app,
    'tema',
    z.object({ parceiro: z.coerce.number().int().positive(), ...Object.fromEntries(THEME_TOKENS.map((token) => [token, z.string().max(20).optional()])) }) as unknown as z.ZodType<{ parceiro: number } & Record<string, string | undefined>>,
    async (input, member) => {
      const tokens: Record<string, string> = {};
      for (const token of THEME_TOKENS) if (input[token]?.trim()) tokens[token] = input[token]!.trim();
      const candidate = { kind: 'theme', id: `tema-${input.parceiro}`, partner: input.parceiro, title: `Tema do parceiro ${input.parceiro}`, tokens };
      const parsed = ThemeDefinition.safeParse(candidate);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) if (issue.path[0] === 'tokens' && typeof issue.path[1] === 'string') errors[issue.path[1]] = `"${tokens[issue.path[1]]}" ${issue.message}`;
        return { kind: 'field-errors', errors, message: refused() };
      }
      return contentDraft(member, parsed.data.id, parsed.data, (f) => (f.field && THEME_TOKENS.some((t) => t === f.field) ? f.field : f.field ? 'primary' : null));
    },
    'publish',
  );

  staffAction(
    app,
    'cards',
    z.object({ id: z.string().regex(/^[a-z0-9-]+$/), cards: z.array(z.record(z.string(), z.unknown())).min(1).max(100) }),
    async (input, member) => {
      const set = app.flows.bundle.definitions.find((d) => d.id === input.id && d.kind === 'cards');
      if (!set) return consoleError(app, 'ops.erro.sem-definicao');
      const analysed = analyseDraft({ id: input.id, conteudo: JSON.stringify({ ...set, cards: input.cards }) });
      if ('kind' in analysed) return analysed;
      const reasons = Object.values(analysed.errors);
      if (reasons.length) return { kind: 'field-errors', errors: {}, message: `${refused()} ${reasons.join('; ')}` };
      await sessions.saveDraft(member.id, { id: input.id, content: analysed.content, baseVersion: app.flows.version });
      return { kind: 'navigate', to: '/ops/rascunho' };
    },
    'publish',
  );

  staffAction(app, 'discard', z.object({}).passthrough(), async (_input, member) => {
    await sessions.saveDraft(member.id, null);
    return { kind: 'navigate', to: '/ops', replace: true };
  });
}
