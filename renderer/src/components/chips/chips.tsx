import { useRef } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { useRunAction } from '../../actions/use-run-action.js';

/**
 * A segmented control: a radiogroup whose current option is checked. Arrow keys move to the
 * next option and choose it (as radio buttons do); only the checked one is in the tab order.
 */
export function Chips({ node }: { node: ComponentOf<'chips'> }) {
  const run = useRunAction();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = Math.max(0, node.options.findIndex((o) => o.selected));

  function choose(index: number) {
    const option = node.options[index];
    if (!option) return;
    buttons.current[index]?.focus();
    if (!option.selected) void run(option.action);
  }

  return (
    <div className="chips" role="radiogroup" aria-label={node.label}>
      {node.options.map((option, i) => (
        <button
          key={option.id ?? i}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={option.selected}
          tabIndex={i === current ? 0 : -1}
          className={`chip${option.selected ? ' chip-selected' : ''}`}
          onClick={() => choose(i)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
            if (step === 0) return;
            e.preventDefault();
            choose((i + step + node.options.length) % node.options.length);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
