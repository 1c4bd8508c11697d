import type { FlowVersionSummary } from '../../storage/flow-store.js';

/**
 * The version that last changed each definition file (`<id>.json`), read from the history's diffs:
 * a version's diff names the files it changes ("~ refund-screen.json.rows[1].then: …"); the initial
 * version ("(versão inicial)") stands for every file (key `*`).
 */
export function lastChanges(history: readonly FlowVersionSummary[]): Map<string, FlowVersionSummary> {
  const last = new Map<string, FlowVersionSummary>();
  for (const v of [...history].sort((a, b) => a.version - b.version)) {
    const files = [...v.diff.matchAll(/^[~+-] ([a-z0-9-]+\.json)/gm)].map((m) => m[1]!);
    if (files.length) for (const f of files) last.set(f, v);
    else if (v.diff === '(versão inicial)') {
      last.clear();
      last.set('*', v);
    }
  }
  return last;
}

/** The last change of one definition (the initial version when none changed it since). */
export function lastChangeOf(changes: ReadonlyMap<string, FlowVersionSummary>, id: string): FlowVersionSummary | undefined {
  return changes.get(`${id}.json`) ?? changes.get('*');
}
