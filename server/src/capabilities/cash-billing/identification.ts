import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { isCompanyId } from '../../domain/format.js';
import { IDENTITY_DOCUMENT_TYPES, INCOME_TYPES } from '../../flow-parts/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { ESPECIE, NO_PROCESS, refusalOf } from './flow.js';
import { billingCase, progressOf, saveProgress, type Progress } from './progress.js';

/** Who sends which documents: a person's income and identity document type, a company's new partner. */
export default async function cashBillingIdentification(app: FastifyInstance) {
  // Identification (doc 2 §3.3): a person's income type and identity document type decide the
  // documents; a company says whether a new partner joined (new-partner documents). Kept on the
  // case, so any device continues from here.
  app.screens.register('especie-identificacao', async (ctx) => {
    const kase = await billingCase(ctx.upstream!);
    if (!kase) return NO_PROCESS;
    const progress = progressOf(kase);
    const empresa = isCompanyId(ctx.upstream!.session.data.customer.inscricaoNacional);
    return {
      titulo: app.text(empresa ? 'especie.empresa.titulo' : 'especie.renda.titulo'),
      empresa,
      ids: INCOME_TYPES.map((t) => t.id),
      nomes: INCOME_TYPES.map((t) => t.label),
      tiposDocumento: [...IDENTITY_DOCUMENT_TYPES],
      dados: { ...(progress.tipoRenda ? { tipoRenda: progress.tipoRenda } : {}), ...(progress.tipoDocumento ? { tipoDocumento: progress.tipoDocumento } : {}) },
      dadosEmpresa: progress.novoSocio === undefined ? {} : { novoSocio: progress.novoSocio },
    };
  });

  /** Saves one answer of the identification on the case, then on to the documents. */
  async function saveIdentification(upstream: CustomerUpstream, change: Partial<Progress>): Promise<ActionResult> {
    const kase = await billingCase(upstream);
    if (!kase) return { kind: 'navigate', to: '/faturamento' };
    try {
      await saveProgress(upstream, kase.CaseNumber, { ...progressOf(kase), ...change });
    } catch (err) {
      return refusalOf(app, err);
    }
    return { kind: 'navigate', to: `${ESPECIE}/anexar-documentos` };
  }

  app.actions.register('cash-billing/income', {
    input: z.object({
      tipoRenda: z.enum(INCOME_TYPES.map((t) => t.id) as [string, ...string[]], '@especie.erro.renda'),
      tipoDocumento: z.enum(IDENTITY_DOCUMENT_TYPES, '@especie.erro.tipo-documento'),
    }),
    handler: (input, { upstream }) => saveIdentification(upstream!, input),
  });

  app.actions.register('cash-billing/company-partners', {
    input: z.object({ novoSocio: z.boolean('@especie.erro.novo-socio') }),
    handler: (input, { upstream }) => saveIdentification(upstream!, input),
  });
}
