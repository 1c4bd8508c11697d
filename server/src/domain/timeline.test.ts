import { describe, expect, it } from 'vitest';
import { stepStatus, timelineSteps } from './timeline.js';

describe('timeline steps', () => {
  it('closes concluded and closed events, marks the open one current and an error as an error', () => {
    expect(['Concluido', 'Fechado', 'Aberto', 'Pendente', 'Erro'].map(stepStatus)).toEqual(['done', 'done', 'current', 'todo', 'error']);
  });
  it('reads an unknown situation as still to do', () => {
    expect(stepStatus('Suspenso')).toBe('todo');
  });
  it('gives each step its status in words and keeps when it happened', () => {
    const words = (key: string) => ({ 'timeline.status.done': 'Concluído', 'timeline.status.current': 'Em andamento' })[key] ?? key;
    expect(timelineSteps([{ title: 'Pagamento solicitado', situation: 'Concluido', when: '01/12/2026 às 10:00' }, { title: 'Pagamento liberado', situation: 'Aberto' }], words)).toEqual([
      { title: 'Pagamento solicitado', status: 'done', statusText: 'Concluído', when: '01/12/2026 às 10:00' },
      { title: 'Pagamento liberado', status: 'current', statusText: 'Em andamento' },
    ]);
  });
});
