import { files as fileCalls, quotas } from '../../../back-office/index.js';
import { callOf } from '../calls.js';
import { serve } from '../contract.js';
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BASE_PATH, PUBLIC_FILES, grantOf, invalid, notFound } from '../http.js';
import { pathQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';

const MAX_UPLOAD = 8 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
/** Identity documents may also be PDFs (spec doc 1 §5). */
const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'];

/** The type a file's first bytes show (JPEG, PNG, PDF, TIFF), else a download. */
function typeOfBytes(data: Buffer): string {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  return 'application/octet-stream';
}

const Preferences = z
  .object({ nickname: z.string().trim().max(30).optional(), photo_url: z.url().max(2048).optional() })
  .refine((p) => p.nickname !== undefined || p.photo_url !== undefined);

/**
 * Quota preferences and uploads (spec doc 1 §7 "Quotas"): PUT cotas/{id}/preferencias (nickname
 * or photo_url) and POST arquivos/v2 (multipart: file, category). An uploaded image is served
 * publicly under arquivos/publico/{id}, as a CDN would.
 */
export default async function quotaPreferenceRoutes(app: FastifyInstance, { state }: SandboxContext) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1 } });
  const files = state.files;

  serve(app, quotas.preferences, async (request, reply) => {
    const quota = pathQuota(state, request, reply);
    if (!quota) return reply;
    const body = Preferences.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Informe um apelido de até 30 caracteres ou o endereço da foto.');
    if (body.data.nickname !== undefined) quota.apelido = body.data.nickname || null;
    if (body.data.photo_url !== undefined) quota.fotoUrl = body.data.photo_url;
    return { nickname: quota.apelido, photo_url: quota.fotoUrl };
  });

  /** The refund's documents (doc 2 §5): JPEG, PNG, PDF and TIFF. */
  const REFUND_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'];

  serve(app, fileCalls.upload, async (request, reply) => {
    const customer = grantOf(request).customer;
    if (!request.isMultipart()) return invalid(reply, 'Envie o arquivo como multipart/form-data.');
    let upload;
    try {
      upload = await request.file();
    } catch {
      return invalid(reply, 'Arquivo maior que 8 MB.');
    }
    if (!upload) return invalid(reply, 'Nenhum arquivo enviado.');
    const data = await upload.toBuffer().catch(() => null);
    if (!data || upload.file.truncated) return invalid(reply, 'Arquivo maior que 8 MB.');
    const category = (upload.fields.category as { value?: string } | undefined)?.value;
    // What came, as the back office would log it: the text fields and the file's part, name and declared type.
    const call = callOf(request);
    if (call) {
      call.body = { category, descricao: (upload.fields.descricao as { value?: string } | undefined)?.value };
      call.file = { field: upload.fieldname, name: upload.filename, type: upload.mimetype };
    }
    if (!category) return invalid(reply, 'Informe a categoria do arquivo.');
    // Billing flows' documents (cash billing, the awarded flow): PDF or JPEG (doc 2 §5).
    const allowed = category === 'documento-identidade' ? DOCUMENT_TYPES : category === 'faturamento-especie' || category === 'contemplacao' || category === 'faturamento-veiculo' ? ['application/pdf', 'image/jpeg'] : category === 'devolucao' ? REFUND_TYPES : IMAGE_TYPES;
    if (!allowed.includes(upload.mimetype)) return invalid(reply, category === 'documento-identidade' ? 'Formato de arquivo não suportado. Envie PDF, JPG ou PNG.' : 'Formato de arquivo não suportado. Envie uma imagem JPG ou PNG.');
    const id = randomBytes(12).toString('hex');
    // Which document the file is (descricao), when the app says: the analysis names it if it cannot read it.
    const descricao = (upload.fields.descricao as { value?: string } | undefined)?.value?.slice(0, 120);
    files.set(id, { type: upload.mimetype, data, owner: customer, category, ...(descricao ? { descricao } : {}) });
    const origin = `${request.protocol}://${request.headers.host}`;
    return reply.code(201).send({ id, url: `${origin}${BASE_PATH}/${PUBLIC_FILES}${id}`, category });
  });

  // Served as a CDN should: the type its bytes show (never the one the upload declared), and no sniffing.
  app.get(`/${PUBLIC_FILES}:id`, async (request, reply) => {
    const file = files.get((request.params as { id: string }).id);
    if (!file) return notFound(reply, 'Arquivo não encontrado.');
    return reply.type(typeOfBytes(file.data)).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=3600').send(file.data);
  });
}
