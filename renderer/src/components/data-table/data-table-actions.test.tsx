import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { UiProvider } from '../../ui/ui-context.js';
import { DataTable } from './data-table.js';

const table = (rows: ComponentOf<'data-table'>['rows']): ComponentOf<'data-table'> => ({ type: 'data-table', caption: 'Pedidos', columns: ['Pedido', 'Situação'], actionsColumn: 'Ações', rows });
const draw = (node: ComponentOf<'data-table'>) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <UiProvider>
        <DataTable node={node} />
      </UiProvider>
    </MemoryRouter>,
  );

describe('the data table’s row actions', () => {
  it('draws a last column of each row’s actions: a link for what navigates, a button for the rest, each named by its row', () => {
    const html = draw(
      table([
        {
          cells: ['#3', 'agendado'],
          actions: [
            { label: 'Ver diferenças', accessibleName: 'Ver diferenças do pedido #3', action: { type: 'navigate', to: '/ops/pedidos?pedido=3' } },
            { label: 'Aprovar', accessibleName: 'Aprovar o pedido #3', action: { type: 'submit', action: 'ops/aprovar', payload: { pedido: 3 } } },
          ],
        },
      ]),
    );
    expect(html).toContain('<thead><tr><th scope="col">Pedido</th><th scope="col">Situação</th><th scope="col">Ações</th></tr></thead>');
    expect(html).toMatch(/<a class="data-table-action" href="\/ops\/pedidos\?pedido=3" aria-label="Ver diferenças do pedido #3">Ver diferenças<\/a>/);
    expect(html).toMatch(/<button type="button" class="button button-secondary" aria-label="Aprovar o pedido #3">Aprovar<\/button>/);
  });

  it('draws no actions column when no row has actions', () => {
    const html = draw(table([{ cells: ['#3', 'agendado'] }]));
    expect(html).not.toContain('Ações');
    expect(html).not.toContain('data-table-actions');
  });
});
