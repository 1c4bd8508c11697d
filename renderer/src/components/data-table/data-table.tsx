import { useId, useState } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionLink } from '../action-link.js';

type Row = ComponentOf<'data-table'>['rows'][number];

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
 * A table whose rows may lead somewhere (the first cell a link), with an optional search field that
 * filters the rows as one types and a status line announcing how many are shown. Rows that do not
 * match are removed from the table, not hidden by colour, so every reader sees the same rows. On a
 * phone (CSS) each row becomes a block whose cells carry their column's name, hidden from assistive
 * technology, which reads the header cells instead.
 */
export function DataTable({ node }: { node: ComponentOf<'data-table'> }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const rows = node.search ? node.rows.filter((row) => rowMatches(row, query)) : node.rows;
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
        <table className="table data-table-table">
          <caption>{node.caption}</caption>
          <thead>
            <tr>
              {node.columns.map((c, i) => (
                <th key={i} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
