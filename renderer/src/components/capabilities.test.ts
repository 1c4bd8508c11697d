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

describe('icons and versions', () => {
  it('draws exactly the icons the contract lets documents name', async () => {
    const { ICON_NAMES } = await import('../../../screens/contract/components.js');
    const { ICONS } = await import('./icon/icons.js');
    expect(Object.keys(ICONS).sort()).toEqual([...ICON_NAMES].sort());
  });

  it('declares a renderer version that knows every component it draws', async () => {
    const { COMPONENT_SINCE } = await import('../../../screens/contract/components.js');
    const { compareVersions } = await import('../../../server/src/composition/capabilities.js');
    const { RENDERER_VERSION } = await import('../lib/api.js');
    for (const type of CAPABILITIES) expect(compareVersions(COMPONENT_SINCE[type], RENDERER_VERSION)).toBeLessThanOrEqual(0);
  });
});
