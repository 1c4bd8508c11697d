import { Suspense } from 'react';
import type { ICON_NAMES } from '../../../../screens/contract/components.js';
import { preloadable } from '../../lib/preloadable.js';

type IconName = (typeof ICON_NAMES)[number];

// The icon set is its own chunk: screens without icons (login) never load it, and a screen with
// icons draws their labels at once and the icons a moment later, in a box of the same size. A
// server-drawn screen loads it before hydrating (preloadIcons), so its icons never go away.
export const { Component: DrawnIcon, preload: preloadIcons } = preloadable<{ name: IconName; size: number }>(async () => {
  const { ICONS } = await import('./icons.js');
  return function DrawnIcon({ name, size }) {
    const Svg = Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
    return Svg ? <Svg className="icon" size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} /> : null;
  };
});

/** A decorative icon by name (the label next to it says what it means); an unknown name draws nothing. */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <Suspense fallback={<span className="icon" data-icon-pending="" aria-hidden="true" style={{ width: size, height: size }} />}>
      <DrawnIcon name={name} size={size} />
    </Suspense>
  );
}
