import type { ComponentOf } from '../../../../screens/contract/components.js';

export function Stepper({ node }: { node: ComponentOf<'stepper'> }) {
  return (
    <ol className="stepper">
      {node.steps.map((step, i) => (
        <li key={i} className={`step step-${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
          {step.label}
        </li>
      ))}
    </ol>
  );
}
