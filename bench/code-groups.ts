/** What the two profilers (`bench/profile.ts`, `bench/cpu-profile.ts`) share: where code belongs, and how two routes differ. */

/**
 * The part of the product a piece of code belongs to, read from its location (a URL, or a perf
 * symbol naming one): a package, the app's own compiled file (`server/src/…`), or a Node.js
 * module; null for anything else.
 */
export function codeGroup(location: string): string | null {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(location);
  if (pkg) return pkg[1]!;
  const own = /(?:^|[/\s])build\/(.+?)\.js/.exec(location);
  if (own) return own[1]!;
  const internal = /(node:[\w/]+)/.exec(location);
  return internal ? internal[1]! : null;
}

/** `a − b` for every key of either, largest first either way. */
export function largestDifferences(a: Map<string, number>, b: Map<string, number>): [string, number][] {
  return [...new Set([...a.keys(), ...b.keys()])].map((key): [string, number] => [key, (a.get(key) ?? 0) - (b.get(key) ?? 0)]).sort((p, q) => Math.abs(q[1]) - Math.abs(p[1]));
}
