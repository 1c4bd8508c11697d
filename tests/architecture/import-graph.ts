import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '../..');

const SKIP = new Set(['node_modules', 'dist', 'build', 'data', 'fixtures']);
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;

/** The product's source files under a folder (tests left out), relative to the repository. */
export function sourceFiles(folder: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : walk(path);
      return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
    });
  return walk(folder);
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The files of the repository a source file imports (relative imports only; type-only ones included). */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2]!;
    const base = resolve(ROOT, dirname(file), spec);
    const candidate = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => existsSync(c) && statSync(c).isFile());
    if (candidate) found.push(relative(ROOT, candidate));
  }
  return found;
}

/**
 * Room → the rooms its files import. A folder of files is one room; a folder that also holds
 * folders (server/src, renderer/src/components) is a hall: each file lying loose in it is a room of
 * its own (app.ts, errors.ts), since the hall is no unit the way a leaf folder is.
 */
export function folderGraph(roots: readonly string[]): Map<string, Set<string>> {
  const files = roots.flatMap(sourceFiles);
  const halls = new Set(files.flatMap((file) => {
    const parts = dirname(file).split('/');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
  }));
  const roomOf = (file: string) => (halls.has(dirname(file)) ? file : dirname(file));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = roomOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of importsOf(file)) if (roomOf(target) !== from) edges.add(roomOf(target));
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan): each is an import circle. */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}
