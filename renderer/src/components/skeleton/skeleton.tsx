import type { ComponentOf } from '../../../../screens/contract/components.js';

/** Grey shapes where content will appear; announced once by its label, hidden from reading otherwise. */
export function Skeleton({ node }: { node: Pick<ComponentOf<'skeleton'>, 'label' | 'variant'> }) {
  const variant = node.variant ?? 'text';
  return (
    <div className={`skeleton skeleton-${variant}`} role="status" aria-busy="true" aria-label={node.label}>
      <span className="skeleton-line skeleton-wide" />
      <span className="skeleton-line" />
      {variant !== 'text' && <span className="skeleton-block" />}
      {variant === 'list' && <span className="skeleton-block" />}
    </div>
  );
}

/** What a screen shows while its document is on the way: header, a card and a list of shapes. */
export function ScreenSkeleton({ label }: { label: string }) {
  return (
    <div className="app screen-skeleton" data-testid="screen-skeleton">
      <div className="app-header skeleton-header" aria-hidden="true" />
      <main className="app-main">
        <Skeleton node={{ label, variant: 'list' }} />
      </main>
    </div>
  );
}
