import { Suspense } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { preloadable } from '../../lib/preloadable.js';

// The editor is drawn only in the operations console: customers never download it.
export const { Component: Editor, preload: preloadTableEditor } = preloadable<{ node: ComponentOf<'table-editor'> }>(
  async () => (await import('./table-editor.js')).TableEditor,
);

export function LazyTableEditor({ node }: { node: ComponentOf<'table-editor'> }) {
  return (
    <Suspense fallback={<div className="form-placeholder" aria-busy="true" />}>
      <Editor node={node} />
    </Suspense>
  );
}
