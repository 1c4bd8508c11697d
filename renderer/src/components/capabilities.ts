import type { ComponentType } from '../../../screens/contract/components.js';

/**
 * The component types this renderer draws, declared on every screen request. Listed here rather
 * than imported as COMPONENT_TYPES, whose module builds zod schemas (zod stays out of the browser);
 * capabilities.test.ts keeps this list, the registry and the contract in step.
 */
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
  'table',
  'conversation',
  'shortcuts',
  'chips',
  'status-pill',
  'summary',
  'timeline',
  'empty-state',
  'skeleton',
  'pending',
  'bottom-nav',
  'theme-preview',
  'table-editor',
  'columns',
  'group',
  'nav',
  'data-table',
  'bar-chart',
];
