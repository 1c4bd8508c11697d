/**
 * How each upload of the surface reaches its file checks: the persona and state that open its
 * form, the body around the file, the field the attacker's file goes in and the form's size limit
 * per file. An upload without a driver here fails surface-is-covered.test.ts.
 */
import { MAX_BILLING_FILE_BYTES, MAX_REFUND_FILE_BYTES } from '../../../server/src/flow-parts/documents/file-checks.js';
import { persona } from '../../helpers/personas.js';
import type { Stack } from '../../helpers/stack.js';
import { ORDER, setVehicle, vehicleClient } from '../../helpers/vehicle-billing.js';
import type { Client } from '../attacker.js';

/** A small valid PDF and JPEG, for the fields the attack does not use. */
export const PDF = `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32)]).toString('base64')}`;
export const JPEG = `data:image/jpeg;name=foto.jpg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 1)]).toString('base64')}`;

export interface UploadDriver {
  persona: string;
  /** Once, before the session: the back office's state. */
  before?(stack: Stack): Promise<void>;
  /** The session (its first quota selected), by default a login of the persona. */
  session?(stack: Stack): Promise<Client>;
  /** The session's steps before the upload. */
  prepare?(c: Client): Promise<void>;
  /** The field the attacker's file goes in. */
  field: string;
  /** The body around the file; `today` is the back office's day (YYYY-MM-DD). */
  body(file: string, today: string): Record<string, unknown>;
  /** The form's limit per file, in bytes. */
  maxBytes: number;
}

const gustavoBank = { banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE', titularDocumento: persona('gustavo').document };

export const UPLOAD_DRIVERS: Record<string, UploadDriver> = {
  'quotas/photo': { persona: 'ana', field: 'foto', body: (f) => ({ foto: f }), maxBytes: 2 * 1024 * 1024 },
  'profile/identity-documents': { persona: 'ana', field: 'paginas', body: (f) => ({ tipoDocumento: 1, paginas: [f, f] }), maxBytes: 2 * 1024 * 1024 },
  'awarded/documents': {
    persona: 'nina',
    async prepare(c) {
      await c.action('awarded/identification', { tipoRenda: 'autonomo', tipoDocumento: 'RG' });
    },
    field: 'documentoPessoal',
    body: (f, today) => ({
      documentoPessoal: [f, PDF],
      comprovanteResidencia: [PDF],
      extratoBancario: [PDF],
      declaracaoIR: [PDF],
      emissaoComprovante: new Date(Date.parse(`${today}T12:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10),
      comprovanteNoNomeDoTitular: true,
      base: '/contemplado/documentos',
    }),
    maxBytes: MAX_BILLING_FILE_BYTES,
  },
  'cash-billing/documents': { persona: 'delta', field: 'contratoSocial', body: (f) => ({ contratoSocial: [f], comprovanteEndereco: [PDF] }), maxBytes: MAX_BILLING_FILE_BYTES },
  'refund/documents': {
    persona: 'gustavo',
    before: (stack) => stack.sandbox.setRefund('gustavo', { status: 'NAO_INICIADO' }),
    async prepare(c) {
      await c.action('refund/start');
      await c.action('refund/bank-data', gustavoBank);
    },
    field: 'documentoPessoal',
    body: (f) => ({ etapa: 'identificacao', tipoDocumento: 'cnh', documentoPessoal: [f], documentosBancarios: [JPEG], selfie: [JPEG] }),
    maxBytes: MAX_REFUND_FILE_BYTES,
  },
  'used-vehicle/billing-reanalysis': { persona: 'ana', field: 'documentos', body: (f) => ({ documentos: [f] }), maxBytes: MAX_BILLING_FILE_BYTES },
  'used-vehicle/correction-letter': { persona: 'ana', field: 'cartaCorrecao', body: (f) => ({ cartaCorrecao: [f] }), maxBytes: MAX_BILLING_FILE_BYTES },
  'used-vehicle/inspection-document': { persona: 'ana', field: 'documento', body: (f) => ({ documento: [f] }), maxBytes: MAX_BILLING_FILE_BYTES },
  'used-vehicle/seller-documents': { persona: 'ana', field: 'documentoProprietario', body: (f) => ({ segmento: 'pessoafisica', dut: [PDF], atpv: [PDF], documentoProprietario: [f], assinaturaReconhecida: true }), maxBytes: MAX_BILLING_FILE_BYTES },
  'used-vehicle/seller-resend': { persona: 'ana', field: 'documentoProprietario', body: (f) => ({ dut: [PDF], atpv: [PDF], documentoProprietario: [f] }), maxBytes: MAX_BILLING_FILE_BYTES },
  'vehicle-billing/correction-letter': { persona: 'ana', field: 'cartaCorrecao', body: (f) => ({ cartaCorrecao: [f] }), maxBytes: MAX_BILLING_FILE_BYTES },
  'vehicle-billing/identification': {
    persona: 'vitoria',
    session: (stack) => vehicleClient(stack.baseUrl, 'vitoria') as unknown as Promise<Client>,
    field: 'contratoSocial',
    body: (f) => ({ contratoSocial: [f], documentoSocio: [PDF], comprovanteEndereco: [PDF] }),
    maxBytes: MAX_BILLING_FILE_BYTES,
  },
  'vehicle-billing/resend': {
    persona: 'fernanda',
    // The analysis asks the proof of address again: the form's field is named after it.
    before: (stack) => setVehicle(stack.sandbox, 'fernanda', { status: 'PENDENCIA_CLIENTE', pedido: ORDER }),
    session: (stack) => vehicleClient(stack.baseUrl, 'fernanda') as unknown as Promise<Client>,
    field: 'comprovanteResidencia',
    body: (f) => ({ comprovanteResidencia: [f] }),
    maxBytes: MAX_BILLING_FILE_BYTES,
  },
  'vehicle-billing/invoice': {
    persona: 'fernanda',
    before: (stack) => setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DOCUMENTOS', pedido: ORDER }),
    session: (stack) => vehicleClient(stack.baseUrl, 'fernanda') as unknown as Promise<Client>,
    field: 'notaFiscal',
    body: (f) => ({ notaFiscal: [f], valorNotaFiscal: 97_500 }),
    maxBytes: MAX_BILLING_FILE_BYTES,
  },
};
