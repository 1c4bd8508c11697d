import { useId, useState } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ColumnHeaders } from '../../ui/column-headers.js';
import { ActionButton } from '../action-button.js';
import { ActionLink } from '../action-link.js';

type Row = ComponentOf<'data-table'>['rows'][number];
type RowAction = NonNullable<Row['actions']>[number];

/** A row's own controls: a link for what navigates, a button for the rest, each named by what it acts on. */
function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className="data-table-row-actions">
      {actions.map((a, i) =>
        a.action.type === 'navigate' ? (
          <ActionLink key={i} className="data-table-action" action={a.action} accessibleName={a.accessibleName}>
            {a.label}
          </ActionLink>
        ) : (
          <ActionButton key={i} label={a.label} accessibleName={a.accessibleName} action={a.action} variant="secondary" />
        ),
      )}
    </div>
  );
}

/** Lower case without accents, so "definicao" finds "Definição". */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Whether a row matches every word typed (in any cell or in its keywords). */
export function rowMatches(row: Row, query: string): boolean {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = searchable([...row.cells, row.keywords ?? ''].join(' '));
  return words.every((w) => haystack.includes(w));
}

const fill = (template: string, shown: number, total: number) => template.replace('{shown}', String(shown)).replace('{total}', String(total));

/**
 * A table whose rows may lead somewhere (the first cell a link) and carry their own actions (a last
 * column of links and buttons), with an optional search field that
 * filters the rows as one types and a status line announcing how many are shown. Rows that do not
 * match are removed from the table, not hidden by colour, so every reader sees the same rows. On a
 * phone (CSS) each row becomes a block whose cells carry their column's name, hidden from assistive
 * technology, which reads the header cells instead.
 */
export function DataTable({ node }: { node: ComponentOf<'data-table'> }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const rows = node.search ? node.rows.filter((row) => rowMatches(row, query)) : node.rows;
  const withActions = node.rows.some((row) => row.actions?.length);
  return (
    <div className="data-table">
      {node.search ? (
        <div className="data-table-search">
          <label htmlFor={searchId} className="field-label">
            {node.search.label}
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={node.search.placeholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p className="data-table-count" role="status">
            {rows.length === 0 ? node.search.emptyText : fill(node.search.countText, rows.length, node.rows.length)}
          </p>
        </div>
      ) : null}
      <div className="table-scroll">
        <table className={withActions ? 'table data-table-table data-table-has-actions' : 'table data-table-table'}>
          <caption>{node.caption}</caption>
          <ColumnHeaders columns={withActions ? [...node.columns, node.actionsColumn ?? ''] : node.columns} />
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.id ?? `${r}-${row.cells[0] ?? ''}`}>
                {row.cells.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="data-table-lead">
                      {row.action ? (
                        <ActionLink className="data-table-link" action={row.action}>
                          {cell}
                        </ActionLink>
                      ) : (
                        cell
                      )}
                    </th>
                  ) : (
                    <td key={c}>
                      <span className="data-table-label" aria-hidden="true">
                        {`${node.columns[c] ?? ''}: `}
                      </span>
                      <span className="data-table-cell">{cell}</span>
                    </td>
                  ),
                )}
                {withActions ? (
                  <td className="data-table-actions">
                    <RowActions actions={row.actions ?? []} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
