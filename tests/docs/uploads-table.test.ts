import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withRegisteredActions, type RegisteredActions } from '../../scripts/registered-actions.js';
import { renderUploadsSection, size, splitPage, uploadRows, UPLOADS_PAGE } from '../../scripts/uploads-table.js';

let actions: RegisteredActions;
// The registered actions of a service built and closed again: their definitions are plain data.
beforeAll(async () => {
  actions = await withRegisteredActions((registered) => registered);
});

describe('docs/uploads.md: every upload action', () => {
  it('is the table the registered upload actions give (run npm run uploads:table)', () => {
    const { section } = splitPage(readFileSync(UPLOADS_PAGE, 'utf8'));
    expect(section, 'the markers of the uploads table are in docs/uploads.md').not.toBeNull();
    expect(section).toBe(renderUploadsSection(uploadRows(actions)));
  });

  it('has a row for every action with its own body limit, with that limit and its per-file size', () => {
    const { section } = splitPage(readFileSync(UPLOADS_PAGE, 'utf8'));
    const uploads = [...actions].filter(([, a]) => a.bodyLimit);
    expect(uploads.length).toBeGreaterThanOrEqual(14);
    for (const [name, action] of uploads) {
      expect(section, name).toMatch(new RegExp(`\\| \`${name}\` \\| [^|]+ \\| ${size(action.files!.maxBytes)} \\| [^|]+ \\| ${size(action.bodyLimit!)} \\|`));
    }
  });

  it('says where every upload action’s files go', () => {
    const silent = [...actions].filter(([, a]) => a.bodyLimit && !a.filesGo?.trim()).map(([name]) => name);
    expect(silent).toEqual([]);
  });

  it('reads the files a field takes from the input schema', () => {
    const rows = new Map(uploadRows(actions).map((r) => [r.action, r]));
    expect(rows.get('quotas/photo')!.perField).toBe(1);
    expect(rows.get('profile/identity-documents')!.perField).toBe(3);
    expect(rows.get('used-vehicle/inspection-document')!.perField).toBe(5);
  });
});
