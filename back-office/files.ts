import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Doc 1 §7 POST arquivos/v2 (multipart: file, category; `descricao` names the document the file
 * is): the back office's id and address of the file, used by the analyses that follow.
 */
export const files = {
  upload: endpoint({
    method: 'POST',
    path: 'arquivos/v2',
    fields: z.object({ category: z.string().min(1), descricao: z.string().optional() }),
    answer: z.object({ id: z.string().min(1), url: z.string(), category: z.string().optional() }),
  }),
};
