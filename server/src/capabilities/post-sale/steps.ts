import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatPhone } from '../../domain/registration.js';
import { BASE, callbackRoute, journey, nextRoute, stepCounter, stepsOf } from './flow.js';
import { postSaleUpstream } from './post-sale-upstream.js';
import { saveProgress } from './progress.js';

/**
 * The post-sale steps that are read and confirmed (welcome, consortium, contemplation,
 * understanding yes/no, sale promise, bids, group benefits, final info, doubts, closing) and the
 * registration data step, all drawn from the wizard definition; 'Continuar' records the step.
 */
export default async function postSaleSteps(app: FastifyInstance) {
  const link = (id: string, rotulo: string, destino: string, variante = 'secondary') => ({ id, rotulo, destino, variante });

  app.screens.register('pos-venda-passo', async (ctx) => {
    const u = ctx.upstream!;
    const step = stepsOf(app).find((s) => s.route === ctx.route.path);
    if (!step) return { redirect: BASE };
    const j = await journey(app, u, step.id);
    if ('redirect' in j) return j;
    const paragrafos = [stepCounter(app, step.id), ...(step.texts ?? [])];
    const advance = (rotulo: string) => ({ id: `continuar-${step.id}`, rotulo, acao: 'post-sale/advance', dados: { passo: step.id } });
    if (step.id === 'entendimento') {
      return { titulo: step.title, paragrafos, envios: [advance(app.text('posvenda.entendimento.sim'))], links: [link('nao-entendi', app.text('posvenda.entendimento.nao'), callbackRoute('ENTENDIMENTO'))] };
    }
    if (step.id === 'venda') {
      return { titulo: step.title, paragrafos, envios: [advance(app.text('posvenda.venda.nao'))], links: [link('houve-promessa', app.text('posvenda.venda.sim'), callbackRoute('VENDA'))] };
    }
    if (step.id === 'dados-cadastrais') {
      const data = await postSaleUpstream.registration(u, u.session.data.quota!.idCota);
      const phone = data.telefones[0];
      return {
        titulo: step.title,
        paragrafos,
        linhas: [
          { label: app.text('posvenda.campo.nome'), text: u.session.data.customer.nome },
          { label: app.text('posvenda.campo.email'), text: (data.emails.find((e) => e.principal) ?? data.emails[0])?.email ?? app.text('comum.nao-informado') },
          { label: app.text('posvenda.campo.telefone'), text: phone ? formatPhone(`${phone.ddd}${phone.numero}`) : app.text('comum.nao-informado') },
        ],
        envios: [advance(app.text('posvenda.dados.corretos'))],
        links: [link('editar-contato', app.text('posvenda.dados.editar'), `${BASE}/dados-cadastrais-edicao`), link('editar-renda', app.text('posvenda.dados.renda'), `${BASE}/validar-renda`)],
      };
    }
    const last = step.id === stepsOf(app).at(-1)?.id;
    return { titulo: step.title, paragrafos, envios: [advance(app.text(last ? 'posvenda.concluir' : 'posvenda.continuar'))] };
  });

  app.actions.register('post-sale/advance', {
    input: z.object({ passo: z.string().regex(/^[a-z-]+$/) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      if (!stepsOf(app).some((s) => s.id === input.passo)) return { kind: 'navigate', to: BASE };
      const j = await journey(app, u, input.passo);
      if ('redirect' in j) return { kind: 'navigate', to: j.redirect };
      await saveProgress(u, j.kase, { ...j.progress, feitos: [...new Set([...j.progress.feitos, input.passo])] });
      const to = nextRoute(app, input.passo);
      return to === '/home' ? { kind: 'snackbar', message: app.text('posvenda.concluido'), to } : { kind: 'navigate', to };
    },
  });
}
