import { service } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { invalid } from '../http.js';
import { BRANCHES } from '../state/content.js';
import type { SandboxContext } from '../context.js';

const Query = z.object({
  estado: z.string().regex(/^[A-Za-z]{2}$/).optional(),
  cidade: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(10_000),
});

/** Branches (spec doc 1 §7 GET filiais), filtered by state code and city. */
export default async function branchRoutes(app: FastifyInstance, _ctx: SandboxContext) {
  serve(app, service.branches, async (request, reply) => {
    const parsed = Query.safeParse(request.query);
    if (!parsed.success) return invalid(reply, 'Filtro de filiais inválido.');
    const { estado, cidade, limit } = parsed.data;
    const data = BRANCHES.filter((b) => !estado || b.estado === estado.toUpperCase())
      .filter((b) => !cidade || b.cidade.toLowerCase() === cidade.toLowerCase())
      .slice(0, limit);
    return { data };
  });
}
