import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { type UpstreamFile } from '../../upstream/client.js';
import { UpstreamError } from '../../upstream/upstream-error.js';

/**
 * Serves a file of the selected quota at `route` (under /api/arquivos): the upstream answer is
 * streamed with the session's tokens, so the page never holds a URL with an access token. A file
 * the back office does not have answers 404 with its message.
 */
export function serveQuotaFile<P>(
  app: FastifyInstance,
  route: string,
  params: z.ZodType<P>,
  open: (upstream: CustomerUpstream, idCota: number, params: P) => Promise<UpstreamFile>,
  filename: (params: P) => string,
): void {
  app.get(route, async (request, reply) => {
    const idCota = request.session?.data.quota?.idCota;
    if (!request.session || idCota === undefined) return reply.code(401).send({ message: app.text('erro.sessao-expirada') });
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return reply.code(400).send({ message: app.text('erro.requisicao-invalida') });
    try {
      const file = await open(request.customerUpstream(), idCota, parsed.data);
      reply
        .header('content-type', file.contentType.startsWith('application/pdf') ? 'application/pdf' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${filename(parsed.data)}"`)
        .header('cache-control', 'private, no-store');
      if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
      return reply.send(file.body);
    } catch (err) {
      if (err instanceof UpstreamError && err.notFound) return reply.code(404).send({ message: err.upstreamMessage ?? app.text('documentos.nao-encontrado') });
      throw err;
    }
  });
}

/** Whether the back office has the file now (it is fetched and discarded): for screens that say so before offering it. */
export async function fileExists(open: () => Promise<UpstreamFile>): Promise<boolean> {
  try {
    const file = await open();
    file.body.resume();
    return true;
  } catch (err) {
    if (err instanceof UpstreamError && err.notFound) return false;
    throw err;
  }
}

/** Answers to HEAD that mean "ask with GET": not allowed, not implemented. */
const NO_HEAD = new Set([405, 501]);

/**
 * The size in bytes of a file the back office has, or null when it has none (404): asked with
 * HEAD; a back office that answers HEAD without a length, or refuses HEAD, is asked for the file
 * itself, whose bytes are counted and discarded.
 */
export async function fileSize(open: (method: 'GET' | 'HEAD') => Promise<UpstreamFile>): Promise<number | null> {
  try {
    const head = await open('HEAD');
    head.body.resume();
    if (head.contentLength !== undefined && Number.isFinite(head.contentLength)) return head.contentLength;
  } catch (err) {
    if (err instanceof UpstreamError && err.notFound) return null;
    if (!(err instanceof UpstreamError && NO_HEAD.has(err.status))) throw err;
  }
  try {
    const file = await open('GET');
    let bytes = 0;
    for await (const chunk of file.body) bytes += (chunk as Buffer).length;
    return bytes;
  } catch (err) {
    if (err instanceof UpstreamError && err.notFound) return null;
    throw err;
  }
}
