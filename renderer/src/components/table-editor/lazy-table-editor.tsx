import { lazy, Suspense } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';

// The editor is drawn only in the operations console: customers never download it.
const Editor = lazy(async () => ({ default: (await import('./table-editor.js')).TableEditor }));

export function LazyTableEditor({ node }: { node: ComponentOf<'table-editor'> }) {
  return (
    <Suspense fallback={<div className="form-placeholder" aria-busy="true" />}>
      <Editor node={node} />
    </Suspense>
  );
}
