/** A readable diff between two versions of the flow files: one line per changed value. */
export function diffFiles(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const lines: string[] = [];
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const name of names) {
    if (!(name in before)) lines.push(`+ ${name} (novo)`);
    else if (!(name in after)) lines.push(`- ${name} (removido)`);
    else diffValue(before[name], after[name], name, lines);
  }
  return lines.length ? lines.join('\n') : '(sem alterações)';
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? '∅' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function diffValue(a: unknown, b: unknown, path: string, lines: string[]): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    lines.push(`~ ${path}: ${show(a)} → ${show(b)}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.max(a.length, b.length);
    for (let i = 0; i < length; i++) {
      if (i >= a.length) lines.push(`+ ${path}[${i}]: ${show(b[i])}`);
      else if (i >= b.length) lines.push(`- ${path}[${i}]: ${show(a[i])}`);
      else diffValue(a[i], b[i], `${path}[${i}]`, lines);
    }
    return;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(ao), ...Object.keys(bo)])]) {
    if (!(key in bo)) lines.push(`- ${path}.${key}: ${show(ao[key])}`);
    else if (!(key in ao)) lines.push(`+ ${path}.${key}: ${show(bo[key])}`);
    else diffValue(ao[key], bo[key], `${path}.${key}`, lines);
  }
}
