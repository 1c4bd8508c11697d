import type { ComponentOf } from '../../../../screens/contract/components.js';

/** Text cells under a caption (which names the table for assistive technology). */
export function Table({ node }: { node: ComponentOf<'table'> }) {
  return (
    <div className="table-scroll">
      <table className="table">
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
          {node.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
