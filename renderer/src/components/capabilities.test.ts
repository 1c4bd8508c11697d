import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from '../../../screens/contract/components.js';
import { CAPABILITIES } from './capabilities.js';
import { REGISTRY } from './registry.js';

describe('renderer capabilities', () => {
  it('declares exactly the component types its registry draws, all of the contract', () => {
    expect([...CAPABILITIES].sort()).toEqual(Object.keys(REGISTRY).sort());
    expect([...CAPABILITIES].sort()).toEqual([...COMPONENT_TYPES].sort());
  });
});
