import { lazy, Suspense } from 'react';
import type { ComponentOf, ComponentType } from '../../../screens/contract/components.js';
import { ActionButton } from './ActionButton.js';
import { Nodes } from './Node.js';

type Drawers = { [T in ComponentType]: (props: { node: ComponentOf<T> }) => React.ReactNode };

// Forms pull in react-jsonschema-form: loaded only by screens that hold one.
const JsonForm = lazy(() => import('../form/JsonForm.js'));

function Heading({ node }: { node: ComponentOf<'heading'> }) {
  const Tag = (['h1', 'h2', 'h3'] as const)[(node.level ?? 1) - 1] ?? 'h1';
  return <Tag className="heading">{node.text}</Tag>;
}

function Text({ node }: { node: ComponentOf<'text'> }) {
  return <p className={`text tone-${node.tone ?? 'neutral'}`}>{node.text}</p>;
}

function Value({ node }: { node: ComponentOf<'value'> }) {
  return (
    <div className={node.emphasis ? 'value value-emphasis' : 'value'}>
      <span className="value-label">{node.label}</span>
      <span className="value-text">{node.text}</span>
    </div>
  );
}

function KeyValue({ node }: { node: ComponentOf<'key-value'> }) {
  return (
    <dl className="key-value">
      {node.rows.map((row, i) => (
        <div key={i} className="key-value-row">
          <dt>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Button({ node }: { node: ComponentOf<'button'> }) {
  return <ActionButton label={node.label} action={node.action} variant={node.variant} />;
}

function Card({ node }: { node: ComponentOf<'card'> }) {
  return (
    <section className="card">
      {node.title && <h2 className="card-title">{node.title}</h2>}
      {node.subtitle && <p className="card-subtitle">{node.subtitle}</p>}
      <Nodes nodes={node.items} />
      {node.action && (
        <div className="card-actions">
          <ActionButton label={node.action.label} action={node.action.action} />
        </div>
      )}
    </section>
  );
}

function List({ node }: { node: ComponentOf<'list'> }) {
  if (node.items.length === 0) return node.emptyText ? <p className="text list-empty">{node.emptyText}</p> : null;
  return (
    <ul className="list" aria-label={node.label}>
      {node.items.map((item, i) => (
        <li key={item.id ?? i}>
          <Nodes nodes={[item]} />
        </li>
      ))}
    </ul>
  );
}

function Banner({ node }: { node: ComponentOf<'banner'> }) {
  const urgent = node.tone === 'danger' || node.tone === 'warning';
  return (
    <div className={`banner tone-${node.tone}`} role={urgent ? 'alert' : 'status'}>
      <p>{node.text}</p>
      {node.action && <ActionButton label={node.action.label} action={node.action.action} variant="link" />}
    </div>
  );
}

function Form({ node }: { node: ComponentOf<'form'> }) {
  return (
    <Suspense fallback={<div className="form-placeholder" aria-busy="true" />}>
      <JsonForm node={node} />
    </Suspense>
  );
}

function Stepper({ node }: { node: ComponentOf<'stepper'> }) {
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

function Image({ node }: { node: ComponentOf<'image'> }) {
  return <img className="image" src={node.src} alt={node.alt} />;
}

/** Component type → small dumb component. */
export const REGISTRY: Drawers = {
  heading: Heading,
  text: Text,
  value: Value,
  'key-value': KeyValue,
  button: Button,
  card: Card,
  list: List,
  banner: Banner,
  form: Form,
  stepper: Stepper,
  image: Image,
};
