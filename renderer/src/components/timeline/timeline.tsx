import type { ComponentOf } from '../../../../screens/contract/components.js';

/** The steps of a follow-up as an ordered list; each says its status in words next to its marker. */
export function Timeline({ node }: { node: ComponentOf<'timeline'> }) {
  return (
    <section className="timeline" aria-label={node.label}>
      <h2 className="section-title">{node.label}</h2>
      <ol className="timeline-steps">
        {node.steps.map((step, i) => (
          <li key={i} className={`timeline-step step-${step.status}`} aria-current={step.status === 'current' ? 'step' : undefined}>
            <span className="timeline-marker" aria-hidden="true" />
            <div className="timeline-body">
              <p className="timeline-title">{step.title}</p>
              <p className="timeline-meta">
                <span className="timeline-status">{step.statusText}</span>
                {step.when && <span className="timeline-when"> · {step.when}</span>}
              </p>
              {step.text && <p className="timeline-text">{step.text}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
