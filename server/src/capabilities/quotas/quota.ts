/** A quota as the upstream sends it (spec doc 1 §3), from the back-office contract. */
export type { Quota } from '../../../../back-office/index.js';
