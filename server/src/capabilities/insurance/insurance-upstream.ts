import { insurance } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';

export type { InsuranceData } from '../../../../back-office/index.js';

/** Insurance calls (doc 2 §7 GET cotas/{id}/seguro/dados); the request itself is a CRM case. */
export const insuranceUpstream = {
  data: (u: CustomerUpstream, idCota: number) => u.request(insurance.data, { params: { id: idCota } }),
};
