import type { ComponentOf } from '../../../../screens/contract/components.js';

/**
 * One row per category with a bar per series, its length against the chart's largest value and
 * its figure written beside it (the figures come formatted; a withheld count reads "< 5" and has
 * no bar). When the chart names a table of the screen, that table is what assistive technology
 * reads (the caption says so) and the bars are drawn for the eye only; otherwise each row is a
 * list item that reads its label and figures.
 */
export function BarChart({ node }: { node: ComponentOf<'bar-chart'> }) {
  const largest = Math.max(1, ...node.bars.flatMap((bar) => bar.values));
  const pointer = node.table ? ` Os números estão na tabela “${node.table}”.` : '';
  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart-caption">
        {node.label}
        {pointer && <span className="bar-chart-pointer">{pointer}</span>}
      </figcaption>
      <div className="bar-chart-body" aria-hidden={node.table ? true : undefined}>
        <ul className="bar-chart-legend">
          {node.series.map((series, s) => (
            <li key={s} className={`bar-chart-key bar-series-${s}${series.tone ? ` tone-${series.tone}` : ''}`}>
              <span className="bar-chart-swatch" aria-hidden="true" />
              {series.label}
            </li>
          ))}
        </ul>
        <ul className="bar-chart-rows">
          {node.bars.map((bar, b) => (
            <li key={b} className="bar-chart-row">
              <span className="bar-chart-label">{bar.label}</span>
              {node.series.map((series, s) => {
                const value = bar.values[s] ?? 0;
                return (
                  <span key={s} className={`bar-chart-track bar-series-${s}${series.tone ? ` tone-${series.tone}` : ''}`}>
                    <span className="bar-chart-bar" style={{ width: `${(value / largest) * 100}%` }} aria-hidden="true" />
                    <span className="bar-chart-figure">
                      <span className="bar-chart-series-name">{series.label}: </span>
                      {bar.texts[s] ?? ''}
                    </span>
                  </span>
                );
              })}
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
