import { vehicleBilling, type VehicleBillingData } from '../../../back-office/index.js';
import type { CustomerUpstream } from './customer-upstream.js';
import { isNoProcess } from './no-process.js';

/**
 * The selected quota's vehicle billing (core/faturamento/auto/status), or null when it has none
 * ('sua cota não possui processos' is ignored, doc 2 §8). Home and the vehicle-billing flow both read it.
 */
export function loadVehicleBilling(upstream: CustomerUpstream, idCota: number): Promise<VehicleBillingData | null> {
  return upstream.request(vehicleBilling.status, { query: { idCota } }).catch((err: unknown) => {
    if (isNoProcess(err)) return null;
    throw err;
  });
}
