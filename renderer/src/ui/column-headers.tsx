import type { ReactNode } from 'react';

/**
 * The header row of a table: one column header (`scope="col"`) per column, which assistive
 * technology reads before each cell below it. Shared by every table the renderer draws.
 */
export function ColumnHeaders({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
