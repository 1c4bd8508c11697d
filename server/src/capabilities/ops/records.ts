import type { FlowVersionSummary } from '../../storage/flow-store.js';
import type { OpsRequest } from '../../storage/ops-requests.js';
import { consoleText } from './console-texts.js';

/**
 * The console's records in the words an analyst reads (the console's texts `ops.origem.*`,
 * `ops.servidor`, `ops.pedido.situacao.*`): where a version came from, who made it, where a
 * request stands.
 */

/** Where a version came from: a deploy, the console, a rollback. */
export const sourceLabel = (source: FlowVersionSummary['source']): string => consoleText(`ops.origem.${source}`);

/** Who made a version: a person's login, or the server for the definitions a new server brought. */
export const versionAuthor = (v: Pick<FlowVersionSummary, 'author' | 'source'>): string => (v.source === 'deploy' ? consoleText('ops.servidor') : v.author);

/**
 * Where a request stands, in one phrase: waiting for approval, scheduled, being published, what it
 * was published as, refused (and why) or cancelled. Once a request is no longer pending, what it
 * waited for is no longer its state.
 */
export function requestState(r: Pick<OpsRequest, 'status' | 'approvedBy' | 'runAt' | 'outcome'>, requireApproval: boolean): string {
  const say = (state: string, values?: unknown) => consoleText(`ops.pedido.situacao.${state}`, values);
  switch (r.status) {
    case 'pending':
      if (requireApproval && !r.approvedBy) return say('aguardando');
      return say(r.runAt ? 'agendado' : 'pendente');
    case 'running':
      return say('publicando');
    case 'done':
      return r.outcome ?? say('publicado');
    case 'refused':
      return r.outcome ? say('recusado-porque', { motivo: r.outcome }) : say('recusado');
    case 'cancelled':
      return say('cancelado');
  }
}
