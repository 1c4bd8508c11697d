import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { RESTRICTION_CODE } from '../../domain/contemplation.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { awardedUpstream as api } from './awarded-upstream.js';
import { awardedOf, CONTEMPLADO, markDone, nextRoute, NO_PROCESS, quotaIdOf, refusalOf } from './flow.js';

/** Guarantee items by quota type (id → text key `contemplado.garantia.<id>`). */
const GUARANTEES: Record<string, string[]> = {
  imovel: ['alienacao-fiduciaria-imovel', 'imovel-terceiro'],
  servico: ['aval', 'fianca'],
  auto: ['alienacao-fiduciaria-veiculo', 'aval'],
  pesados: ['alienacao-fiduciaria-veiculo', 'aval'],
};

/** The asset-type screens (tipo-automovel, -equipamento, -servico, -imovel, -pesado): their options. */
const ASSET_TYPES: Record<string, string[]> = {
  'tipo-automovel': ['Carro novo', 'Carro usado', 'Moto'],
  'tipo-equipamento': ['Máquina agrícola', 'Equipamento industrial', 'Embarcação'],
  'tipo-servico': ['Educação', 'Saúde', 'Reforma', 'Festa ou viagem'],
  'tipo-imovel': ['Imóvel pronto', 'Imóvel na planta', 'Terreno', 'Construção'],
  'tipo-pesado': ['Caminhão', 'Ônibus', 'Implemento rodoviário', 'Máquina agrícola'],
};

/**
 * Verification results, guarantee, CPF restriction (return code 27; a failed restriction fetch
 * clears it) and the asset type (HeavyType for pesados): each screen leads to the next step the
 * wizard gives for the quota.
 */
export default async function awardedChecks(app: FastifyInstance) {
  app.screens.register('contemplado-verificacao', async (ctx) => {
    const upstream = ctx.upstream!;
    const data = await awardedOf(upstream);
    if (!data) return NO_PROCESS;
    const results = await api.verification(upstream, quotaIdOf(upstream));
    return {
      itens: results.itens.map((i) => ({ label: i.descricao, text: app.text(i.aprovado ? 'contemplado.verificacao.aprovado' : 'contemplado.verificacao.pendente') })),
      restrito: results.restricao?.codigoRetorno === RESTRICTION_CODE,
      proxima: await nextRoute(app, upstream, 'verification', data),
    };
  });

  app.actions.register('awarded/step-done', {
    input: z.object({ etapa: z.enum(['sorteio', 'condicoes-sorteio', 'verification']) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        await markDone(upstream!, input.etapa);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: await nextRoute(app, upstream!, input.etapa) };
    },
  });

  app.screens.register('contemplado-cpf', async (ctx) => {
    if (!(await awardedOf(ctx.upstream!))) return NO_PROCESS;
    const restriction = await api.restriction(ctx.upstream!, quotaIdOf(ctx.upstream!));
    if (restriction?.codigoRetorno !== RESTRICTION_CODE) return { redirect: CONTEMPLADO };
    return { mensagem: restriction.mensagem };
  });

  const guaranteesOf = async (upstream: CustomerUpstream) => GUARANTEES[(await selectedQuota(upstream)).tipo] ?? GUARANTEES.auto!;

  app.screens.register('contemplado-garantia', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, items] = await Promise.all([awardedOf(upstream), guaranteesOf(upstream)]);
    if (!data) return NO_PROCESS;
    const item = ctx.params.item;
    if (item !== undefined && !items.includes(item)) return { redirect: `${CONTEMPLADO}/garantia` };
    return {
      detalhe: item !== undefined,
      titulo: item ? app.text(`contemplado.garantia.${item}.titulo`) : app.text('contemplado.garantia.titulo'),
      texto: item ? app.text(`contemplado.garantia.${item}.texto`) : app.text('contemplado.garantia.texto'),
      itens: items.map((id) => ({ id, titulo: app.text(`contemplado.garantia.${id}.titulo`), destino: `${CONTEMPLADO}/garantia/${id}` })),
      ids: items,
      nomes: items.map((id) => app.text(`contemplado.garantia.${id}.titulo`)),
      dados: data.garantia && items.includes(data.garantia) ? { garantia: data.garantia } : {},
    };
  });

  app.actions.register('awarded/guarantee', {
    input: z.object({ garantia: z.string('@contemplado.erro.garantia').regex(/^[a-z-]{2,60}$/, '@contemplado.erro.garantia') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      if (!(await guaranteesOf(u)).includes(input.garantia)) return { kind: 'field-errors', errors: { garantia: app.text('contemplado.erro.garantia') } };
      try {
        await api.update(u, quotaIdOf(u), { garantia: input.garantia });
        await markDone(u, 'garantia');
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: await nextRoute(app, u, 'garantia') };
    },
  });

  app.screens.register('contemplado-tipo', async (ctx) => {
    const upstream = ctx.upstream!;
    const data = await awardedOf(upstream);
    if (!data) return NO_PROCESS;
    const screen = ctx.route.path.split('/').pop()!;
    return { tela: screen, titulo: app.text(`contemplado.${screen}.titulo`), opcoes: ASSET_TYPES[screen] ?? [], dados: screen === 'tipo-pesado' && data.tipoPesado ? { tipo: data.tipoPesado } : {} };
  });

  app.actions.register('awarded/asset-type', {
    input: z.object({ tela: z.enum(Object.keys(ASSET_TYPES) as [string, ...string[]]), tipo: z.string('@contemplado.erro.tipo').min(1, '@contemplado.erro.tipo').max(60) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      if (!ASSET_TYPES[input.tela]!.includes(input.tipo)) return { kind: 'field-errors', errors: { tipo: app.text('contemplado.erro.tipo') } };
      try {
        if (input.tela === 'tipo-pesado') await api.update(u, quotaIdOf(u), { tipoPesado: input.tipo });
        await markDone(u, input.tela);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: await nextRoute(app, u, input.tela) };
    },
  });
}
