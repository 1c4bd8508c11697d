import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { loadCases } from '../../upstream/crm-cases.js';

export interface Branch {
  id: number;
  estado: string;
  cidade: string;
  nome: string;
  endereco: string;
  telefone: string;
  horario?: string;
}

export interface GroupSituation {
  grupo: string;
  situacao: string;
  prazoMeses?: number;
  assembleiaAtual?: number;
  proximaAssembleia?: string | null;
  participantesAtivos?: number;
  contemplados?: number;
}

export interface CustomerCase {
  CaseNumber: string;
  Type?: string | null;
  Status: string;
  Fase__c?: string | null;
  Description?: string | null;
  CreatedDate: string;
  Observacao__c?: string | null;
  DadosApp__c?: string | null;
}

/** City list limit (spec doc 1 §9). */
const CITY_LIMIT = 10_000;

export const branches = (upstream: CustomerUpstream, estado: string, cidade?: string) =>
  upstream.call<{ data: Branch[] }>({ method: 'GET', path: 'filiais', query: { estado, ...(cidade ? { cidade } : {}), limit: CITY_LIMIT } });

export const groupSituation = (upstream: CustomerUpstream) =>
  upstream.call<GroupSituation>({ method: 'GET', path: 'core/grupo/situacao', scope: 'quota' });

/** The customer's CRM cases with the fields the requests screen shows (comments, bank data). */
export const customerCases = (upstream: CustomerUpstream) => loadCases<CustomerCase>(upstream);
