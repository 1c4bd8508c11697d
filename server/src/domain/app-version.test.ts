import { describe, expect, it } from 'vitest';
import { compareVersions, updateRequired } from './app-version.js';

describe('mandatory app update (versoes)', () => {
  const versions = [
    { id: 1, platform: 'android', version: '1.69.00', mandatory: false },
    { id: 7, platform: 'android', version: '1.71.00', mandatory: true },
    { id: 5, platform: 'android', version: '1.80.00', mandatory: true },
    { id: 2, platform: 'ios', version: '1.71.00', mandatory: false },
  ];
  it('compares versions number by number', () => {
    expect(compareVersions('1.9.00', '1.70.00')).toBeLessThan(0);
    expect(compareVersions('1.70.00', '1.70.00')).toBe(0);
  });
  it('takes the highest id as the current version, not the highest number', () => {
    expect(updateRequired(versions, 'android', '1.70.00')).toBe(true);
    expect(updateRequired(versions, 'android', '1.71.00')).toBe(false);
  });
  it('asks nothing when the current version is not mandatory or the platform is unknown', () => {
    expect(updateRequired(versions, 'ios', '1.60.00')).toBe(false);
    expect(updateRequired(versions, 'web', '1.00.00')).toBe(false);
  });
});
