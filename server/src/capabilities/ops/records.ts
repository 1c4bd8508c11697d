import type { FlowVersionSummary } from '../../storage/flow-store.js';
import type { OpsRequest } from '../../storage/ops-requests.js';

/** The console's records in the words an analyst reads: where a version came from, who made it, where a request stands. */

export const SOURCE_LABEL: Readonly<Record<FlowVersionSummary['source'], string>> = {
  deploy: 'implantação',
  console: 'console',
  rollback: 'volta de versão',
};

/** Who made a version: a person's login, or "servidor" for the definitions a new server brought. */
export const versionAuthor = (v: Pick<FlowVersionSummary, 'author' | 'source'>): string => (v.source === 'deploy' ? 'servidor' : v.author);

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/**
 * Where a request stands, in one phrase: waiting for approval, scheduled, being published, what it
 * was published as, refused (and why) or cancelled. Once a request is no longer pending, what it
 * waited for is no longer its state.
 */
export function requestState(r: Pick<OpsRequest, 'status' | 'approvedBy' | 'runAt' | 'outcome'>, requireApproval: boolean): { text: string; tone: Tone } {
  switch (r.status) {
    case 'pending':
      if (requireApproval && !r.approvedBy) return { text: 'aguardando aprovação', tone: 'warning' };
      return r.runAt ? { text: 'agendado', tone: 'info' } : { text: 'pendente', tone: 'info' };
    case 'running':
      return { text: 'publicando', tone: 'info' };
    case 'done':
      return { text: r.outcome ?? 'publicado', tone: 'success' };
    case 'refused':
      return { text: r.outcome ? `recusado: ${r.outcome}` : 'recusado', tone: 'danger' };
    case 'cancelled':
      return { text: 'cancelado', tone: 'neutral' };
  }
}
