import type { FastifyInstance } from 'fastify';
import type { StepView } from './flow.js';
import type { VehicleBillingData } from './vehicle-billing-upstream.js';

/** Route prefix of the used vehicle (doc 2 §2.5). */
export const SEMINOVO = '/faturamentoseminovo';

/** Where a used-vehicle screen goes when the quota has no used-vehicle process: /faturamento decides. */
export const NO_USED_PROCESS = { redirect: '/faturamento' } as const;

/** The used-vehicle process, or null when the quota has none (no process, or a new vehicle). */
export const usedProcess = (data: VehicleBillingData | null): VehicleBillingData | null => (data?.tipoFaturamento === 'SEMINOVO' ? data : null);

/** The process state of a used vehicle (doc 2 §4.5): estadoProcesso, else the status. */
export const usedState = (data: VehicleBillingData) => data.estadoProcesso ?? data.status;

/** States before a vehicle is recorded on the process: the inspection screens send back to the simulation. */
export const BEFORE_VEHICLE = new Set(['TRATATIVA_NAO_INICIADA', 'AGUARDANDO_ESCOLHA_BEM', 'AGUARDANDO_DADOS_VISTORIA', 'CADASTRAR_VEICULO_MANUAL']);

/** The title and text of a used-vehicle step from the texts (`seminovo.<key>.titulo`, `.texto`), plus what the step adds. */
export function usedStepOf(app: FastifyInstance, key: string, extra: Omit<StepView, 'titulo'> = {}, vars: Record<string, string> = {}): StepView {
  return { titulo: app.text(`seminovo.${key}.titulo`), texto: app.text(`seminovo.${key}.texto`, vars), ...extra };
}
