import { partners } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';

/** util/datahoraatual: the back office's date and time in Brasília (spec doc 2 §7). */
export default async function utilRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, partners.serverTime, async () => ({ dataAtual: state.clock.day(), horaAtual: state.clock.time() }));
}
