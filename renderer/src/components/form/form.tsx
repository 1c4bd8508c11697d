import { lazy, Suspense } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';

// react-jsonschema-form is loaded only by screens that hold a form, so other screens stay light.
const JsonForm = lazy(() => import('./json-form.js'));

export function Form({ node }: { node: ComponentOf<'form'> }) {
  return (
    <Suspense fallback={<div className="form-placeholder" aria-busy="true" />}>
      <JsonForm node={node} />
    </Suspense>
  );
}
