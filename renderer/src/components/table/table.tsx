import { useEffect, useRef, useState } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ColumnHeaders } from '../../ui/column-headers.js';

/**
 * Whether the element is narrower than what it holds (a wide table on a phone). Measured after
 * it is drawn and whenever its size changes; false on the server.
 */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/** "R$ 1.234,56" never breaks after "R$" in a narrow column (a no-break space; read the same). */
const keepCurrencyWithFigure = (text: string) => text.replace(/R\$ (?=[\d-])/g, 'R$\u00a0');

/**
 * Text cells under a caption (which names the table for assistive technology). A table wider than
 * the screen scrolls sideways, and then its scroller takes the keyboard's focus, named by the
 * caption, so the arrows reach the columns out of view.
 */
export function Table({ node }: { node: ComponentOf<'table'> }) {
  const { ref, overflows } = useOverflowsSideways<HTMLDivElement>();
  return (
    <div className="table-scroll" ref={ref} {...(overflows ? { tabIndex: 0, role: 'group', 'aria-label': node.caption } : {})}>
      <table className="table">
        <caption>{node.caption}</caption>
        <ColumnHeaders columns={node.columns} />
        <tbody>
          {node.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c}>{keepCurrencyWithFigure(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
