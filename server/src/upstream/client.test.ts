import { describe, expect, it } from 'vitest';
import { assistant, files } from '../../../back-office/index.js';
import { jsonParts, sendsToken, uploadOf } from './client.js';
import { UpstreamError } from './upstream-error.js';

describe('the customer token', () => {
  it('goes with every call but those declared as served without one', () => {
    expect(sendsToken('required')).toBe(true);
    expect(sendsToken('optional')).toBe(true);
    expect(sendsToken('none')).toBe(false);
  });
});

describe('JSON parts of a multipart endpoint', () => {
  const config = { idParceiro: 1, canal: 'app', idioma: 'pt-BR' } as const;
  const conversation = { messages: [{ role: 'user', content: 'Oi' }] } as const;

  it('sends each defined part as its JSON text and leaves an absent optional part out', () => {
    expect(jsonParts(assistant.ask, { config, conversation, conversationId: undefined })).toEqual({
      config: '{"idParceiro":1,"canal":"app","idioma":"pt-BR"}',
      conversation: '{"messages":[{"role":"user","content":"Oi"}]}',
    });
    expect(jsonParts(assistant.ask, { config, conversation, conversationId: 'conv_1' }).conversationId).toBe('"conv_1"');
  });

  it('refuses parts the contract does not allow (a programming error, never sent)', () => {
    expect(() => jsonParts(assistant.ask, { config, conversation: { messages: [] } })).toThrow();
  });
});

describe('an upload endpoint (arquivos/v2)', () => {
  const file = { field: 'file', name: 'rg.pdf', type: 'application/pdf', data: Buffer.from('%PDF-') };
  it('sends its text fields as they are (not as JSON), leaving out the undefined ones, with the file', () => {
    expect(uploadOf(files.upload, { fields: { category: 'devolucao', descricao: undefined }, file })).toEqual({ fields: { category: 'devolucao' }, file });
    expect(uploadOf(files.upload, { fields: { category: 'contemplacao', descricao: 'RG' }, file }).fields).toEqual({ category: 'contemplacao', descricao: 'RG' });
  });
  it('refuses fields its declaration does not allow (a programming error)', () => {
    expect(() => uploadOf(files.upload, { fields: { category: '' }, file })).toThrow();
  });
});

describe('errors of the back office', () => {
  it('makes a refusal it answered (4xx) without a stack trace, and keeps one for a failure', () => {
    const refused = UpstreamError.answered(404, 'RESOURCE_NOT_FOUND', 'Não encontrado', 'cotas/{idCota}/faturamento');
    expect(refused.notFound).toBe(true);
    expect(refused.stack).toBe('UpstreamError: upstream 404 on cotas/{idCota}/faturamento (RESOURCE_NOT_FOUND)');
    const failed = UpstreamError.answered(503, undefined, undefined, 'cotas');
    expect(failed.stack).toContain('\n    at ');
    expect(new Error('depois').stack).toContain('\n    at '); // the process's limit is put back
  });
});
