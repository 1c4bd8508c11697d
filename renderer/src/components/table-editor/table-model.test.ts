import { describe, expect, it } from 'vitest';
import { cellOptions, emptyRow, selectedOptions, setCell, setOutcomeField, type EditorTable } from './table-model.js';

const options = [
  { value: 'A', label: 'A' },
  { value: 'B', label: 'B' },
  { value: 'C', label: 'C' },
];
const table = (): EditorTable => ({
  kind: 'decision-table',
  rows: [
    { when: { status: 'A', flag: true }, then: '/x' },
    { when: { status: ['B', 'C'] }, then: '/y', note: 'n' },
  ],
  default: { then: '/home', covers: [] },
});

describe('decision-table editor model', () => {
  it('reads a cell as picks: one value, several, or qualquer', () => {
    expect(selectedOptions(options, 'B')).toEqual([1]);
    expect(selectedOptions(options, ['B', 'C'])).toEqual([1, 2]);
    expect(selectedOptions(options, undefined)).toBe('any');
    expect(selectedOptions(options, '*')).toBe('any');
    expect(selectedOptions(options, [], true)).toEqual([]);
  });

  it('shows a value the vocabulary lacks, marked, so it can be fixed', () => {
    expect(cellOptions(options, ['A', 'Z']).at(-1)).toEqual({ value: 'Z', label: 'Z (fora da lista)' });
  });

  it('writes one value as a value, several as a list, qualquer as no cell — other cells untouched', () => {
    const t = table();
    expect(setCell(t, 0, 'status', [0, 2], options).rows[0]!.when).toEqual({ status: ['A', 'C'], flag: true });
    expect(setCell(t, 1, 'status', [1], options).rows[1]!.when).toEqual({ status: 'B' });
    expect(setCell(t, 0, 'status', 'any', options).rows[0]!.when).toEqual({ flag: true });
    expect(t).toEqual(table());
  });

  it('round-trips exactly when nothing changes, and changes only the picked result', () => {
    const t = table();
    expect(JSON.parse(JSON.stringify(t, null, 2))).toEqual(table());
    const changed = setOutcomeField(t, 1, null, '/z');
    expect(changed.rows[1]).toEqual({ when: { status: ['B', 'C'] }, then: '/z', note: 'n' });
    expect(setOutcomeField({ ...t, rows: [{ when: {}, then: { a: 1, b: 2 } }] }, 0, 'b', 3).rows[0]!.then).toEqual({ a: 1, b: 3 });
  });

  it('creates new rows with every input qualquer', () => {
    expect(emptyRow([{ field: null, options: [{ value: '/home', label: '/home' }] }])).toEqual({ when: {}, then: '/home' });
    expect(emptyRow([{ field: 'step', options: [{ value: 's', label: 's' }] }, { field: 'route', options: [] }])).toEqual({ when: {}, then: { step: 's', route: null } });
  });

});
