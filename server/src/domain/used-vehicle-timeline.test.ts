import { describe, expect, it } from 'vitest';
import { STATE_STATUS, usedTimeline } from './used-vehicle-timeline.js';

describe('used-vehicle timeline (doc 2 §4.5)', () => {
  it('the current step open, the ones before concluded, the ones after closed', () => {
    expect(usedTimeline('vistoria', null).map((s) => s.state)).toEqual(['concluido', 'concluido', 'aberto', 'fechado', 'fechado', 'fechado']);
    expect(usedTimeline('atualizacao-cadastral', null)[0]).toEqual({ step: 'atualizacao-cadastral', state: 'aberto' });
  });

  it('on the payment step the payment’s own state decides', () => {
    expect(usedTimeline('pagamento', 'erro').at(-1)).toEqual({ step: 'pagamento', state: 'erro' });
    expect(usedTimeline('pagamento', 'concluido').every((s) => s.state === 'concluido')).toBe(true);
    expect(usedTimeline('pagamento', null).at(-1)!.state).toBe('aberto');
  });

  it('draws each state with the timeline component’s statuses', () => {
    expect(STATE_STATUS).toEqual({ aberto: 'current', pendente: 'current', concluido: 'done', fechado: 'todo', erro: 'error' });
  });
});
