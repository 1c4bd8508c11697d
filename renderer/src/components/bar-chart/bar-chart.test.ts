import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { fallbackOf } from '../../../../screens/contract/fallbacks.js';
import { BarChart } from './bar-chart.js';

const chart: ComponentOf<'bar-chart'> = {
  type: 'bar-chart',
  label: 'Funil de Lances',
  categoryLabel: 'Etapa',
  series: [{ label: 'Chegaram', tone: 'info' }, { label: 'Concluíram', tone: 'success' }],
  bars: [
    { label: 'Tipo de lance', values: [10, 8], texts: ['10', '8'] },
    { label: 'Resumo', values: [0, 0], texts: ['< 5', '0'] },
  ],
};
const draw = (node: ComponentOf<'bar-chart'>) => renderToStaticMarkup(createElement(BarChart, { node }));

describe('bar-chart', () => {
  it('draws a bar per series against the largest value, the figure written beside it', () => {
    const html = draw(chart);
    expect(html).toContain('<figcaption class="bar-chart-caption">Funil de Lances</figcaption>');
    expect(html).toContain('style="width:100%"');
    expect(html).toContain('style="width:80%"');
    expect(html).toContain('Concluíram: </span>8');
    expect(html).toContain('Chegaram: </span>&lt; 5');
  });

  it('is drawn for the eye only when it names the table holding its figures, and says where they are', () => {
    const html = draw({ ...chart, table: 'Etapas de Lances' });
    expect(html).toContain('Os números estão na tabela “Etapas de Lances”.');
    expect(html).toContain('class="bar-chart-body" aria-hidden="true"');
    expect(draw(chart)).not.toContain('aria-hidden="true"><ul class="bar-chart-legend"');
  });

  it('falls back, for an older client, to nothing when the table is on the screen, else to a table of its figures', () => {
    expect(fallbackOf({ ...chart, table: 'Etapas de Lances' })).toBeNull();
    expect(fallbackOf(chart)).toEqual({ type: 'table', caption: 'Funil de Lances', columns: ['Etapa', 'Chegaram', 'Concluíram'], rows: [['Tipo de lance', '10', '8'], ['Resumo', '< 5', '0']] });
  });
});
