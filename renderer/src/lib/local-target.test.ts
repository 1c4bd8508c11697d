import { describe, expect, it } from 'vitest';
import { OPEN_REDIRECT_PAYLOADS } from '../../../tests/helpers/open-redirect-payloads.js';
import { localTarget } from './local-target.js';

describe('where the renderer navigates', () => {
  it('keeps a same-origin path as it is', () => {
    expect(localTarget('/boletos?filtro=vencidos')).toBe('/boletos?filtro=vencidos');
    expect(localTarget('/login?voltar=%2Fboletos')).toBe('/login?voltar=%2Fboletos');
  });

  it.each(OPEN_REDIRECT_PAYLOADS.filter((p) => !p.startsWith('/nao-existe')).map((p) => [JSON.stringify(p).slice(0, 60), p]))(
    'goes to /home instead of %s',
    (_label, payload) => {
      expect(localTarget(payload)).toBe('/home');
    },
  );
});
