/**
 * Every error the server answers with, in one place: HTTP status and the text key
 * of its Portuguese message (screens/texts/pt-BR.json).
 */
export const ERRORS = {
  'request.invalid': { status: 400, text: 'erro.requisicao-invalida' },
  'request.csrf': { status: 403, text: 'erro.requisicao-recusada' },
  'request.cross-site': { status: 403, text: 'erro.requisicao-recusada' },
  'request.plain-http': { status: 403, text: 'erro.https-obrigatorio' },
  'request.idempotency-mismatch': { status: 422, text: 'confiabilidade.idempotencia.corpo-diferente' },
  'request.idempotency-in-flight': { status: 409, text: 'confiabilidade.idempotencia.em-andamento' },
  'request.unsupported-media-type': { status: 415, text: 'erro.requisicao-invalida' },
  'action.unknown': { status: 404, text: 'erro.acao-desconhecida' },
  'session.required': { status: 401, text: 'erro.sessao-expirada' },
  'session.expired': { status: 401, text: 'erro.sessao-expirada' },
  'quota.required': { status: 409, text: 'erro.cota-nao-selecionada' },
  'quota.not-found': { status: 404, text: 'erro.cota-nao-encontrada' },
  'upstream.unavailable': { status: 503, text: 'erro.generico' },
  'upstream.refused': { status: 502, text: 'erro.generico' },
  internal: { status: 500, text: 'erro.generico' },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly textKey: string;
  constructor(
    readonly code: ErrorCode,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(options?.detail ?? code, { cause: options?.cause });
    this.status = ERRORS[code].status;
    this.textKey = ERRORS[code].text;
  }
}
