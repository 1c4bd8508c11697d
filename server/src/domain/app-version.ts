/** A version of the app as `versoes` lists it; the highest id of a platform is its current one. */
export interface AppVersion {
  id: number;
  platform: string;
  version: string;
  mandatory: boolean;
}

/** Compares dotted versions numerically: 1.9.00 < 1.70.00. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether a client of `platform` at `version` must update: the current version is mandatory and newer. */
export function updateRequired(versions: readonly AppVersion[], platform: string, version: string): boolean {
  const current = versions.filter((v) => v.platform === platform).sort((x, y) => y.id - x.id)[0];
  return Boolean(current?.mandatory && compareVersions(version, current.version) < 0);
}
