import { Suspense } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { preloadable } from '../../lib/preloadable.js';
import LightForm from './light/light-form.js';

// react-jsonschema-form is loaded only by screens whose document asks for it (`engine: 'json'`,
// decided by the server), so the login and other simple forms download no form library.
export const { Component: JsonForm, preload: preloadJsonForm } = preloadable<{ node: ComponentOf<'form'> }>(async () => (await import('./json-form.js')).default);

export function Form({ node }: { node: ComponentOf<'form'> }) {
  if (node.engine === 'light') return <LightForm node={node} />;
  return (
    <Suspense fallback={<div className="form-placeholder" aria-busy="true" />}>
      <JsonForm node={node} />
    </Suspense>
  );
}
