import type { ComponentType } from '../../../screens/contract/components.js';

/** The component types this renderer draws, declared on every screen request. */
export const CAPABILITIES: readonly ComponentType[] = [
  'heading',
  'text',
  'value',
  'key-value',
  'button',
  'card',
  'list',
  'banner',
  'form',
  'stepper',
  'image',
];
