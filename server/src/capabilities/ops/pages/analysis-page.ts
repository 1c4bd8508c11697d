import type { FastifyInstance } from 'fastify';
import { analyse, readQuery } from '../analysis.js';
import { analysisModel } from '../analysis-model.js';
import type { PageLoader } from '../console-pages.js';
import { partnerNames } from './partner-names.js';

/** /ops/analise: the funnel of one flow over the filters of the address (analysis.ts counts it). */
export function analysisPage(app: FastifyInstance): PageLoader {
  return async ({ query, text }) => {
    const [analysis, partners] = await Promise.all([analyse(app, readQuery(query)), partnerNames(app)]);
    return analysisModel(analysis, app.analytics.funnels.flows, partners, text);
  };
}
