import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A comment says what the code does and why, as it is. A figure someone measured (microseconds, a
 * share of the profile, a speed-up, the machine it ran on) belongs in docs/performance.md, which
 * dates each figure and says what it ran on; in a comment it goes stale without anyone noticing.
 * The history of the code (what it did before, which part of a piece of work it was) is in git.
 * Configuration and rules stay: a timeout, a limit, a size the spec sets (`30 s before expiry`,
 * `up to 6 MB`, `1 % of the credit`).
 *
 * Every comment of the TypeScript sources is read through the compiler's own tokens, so text
 * inside strings, regular expressions and templates is not taken for a comment. Code spans
 * (`…`) inside a comment are left out: they quote code or output, not a claim.
 */
const ROOTS = ['server/src', 'renderer', 'sandbox/src', 'screens', 'back-office', 'scripts', 'bench', 'tests'];
const FILES = ['vitest.config.ts'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', '__screenshots__']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sources(path);
    return /\.[cm]?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface Comment {
  /** The line the comment starts on, from 1. */
  line: number;
  text: string;
}

/** Every comment of a TypeScript or TSX source, in order. */
export function commentsOf(text: string, fileName = 'source.tsx'): Comment[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  // Comments sit in the trivia before a token: on its line after the token before (trailing) or on
  // the lines above it (leading). JSX text is no trivia, so nothing in it is read as a comment.
  const visit = (node: ts.Node) => {
    const children = node.getChildren(source);
    if (children.length === 0 && node.kind !== ts.SyntaxKind.JsxText) {
      collect(ts.getTrailingCommentRanges(text, node.pos));
      collect(ts.getLeadingCommentRanges(text, node.pos));
    }
    for (const child of children) visit(child);
  };
  collect(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

const NUMBER = String.raw`\d+(?:[.,]\d+)?(?:\s?[–-]\s?\d+(?:[.,]\d+)?)?`;

/**
 * A figure someone measured: a duration in µs or ns, an approximate amount, a share of the CPU, a
 * speed-up, the machine it ran on. A formula's approximate value (`(γ−1)/(γ+1) ≈ 4.8 %`) is
 * arithmetic, not a measurement.
 */
export const MEASURED: RegExp[] = [
  new RegExp(String.raw`\b${NUMBER}\s?(?:µs|us|ns)\b`),
  new RegExp(String.raw`(?<![)\]]\s?)≈\s?${NUMBER}\s?(?:%|ms|s|min|[KMG]i?B|kB)(?![\w])`),
  /±\s?\d+\s?%/,
  /\d\s?% of (?:a |an |the |its |each |every )?[\w' -]*?\b(?:CPU|samples?|instructions|heap|RSS)\b/,
  /\bCPU samples\b/,
  /\btimes (?:slower|faster|fewer|cheaper|costlier)\b/,
  /\b(?:on|of) an? (?:\d+|one|two|four|eight)[- ]core (?:VM|machine)\b/i,
  /\d\s?of a core\b/,
  /\btook (?:over |about |nearly |almost |≈\s?)?\d/,
];

/**
 * A comment telling the code's history. Not every `no longer` or `now`: those often describe a
 * state (`a request no longer pending`, `the code may be sent now`); `part N` counts when it names
 * a piece of work (`vehicle billing, part 1`), not a file's share of a split suite (`part 1 of 4`),
 * and `earlier sessions` when they are work sessions, not a customer's earlier session.
 */
export const HISTORY: RegExp[] = [
  /\b(?:used to|was once|once was|before the change|after the change|first half|second half|earlier (?:work )?sessions|previously|formerly|until recently|in earlier versions)\b/i,
  /\bno longer (?:needed|necessary|used|required|supported|applies)\b/i,
  /,\s*part \d+\b(?! of)/i,
  /\bwas [^.;:]*\bonce\s*[;.)]/i,
];

const read = new Map<string, Comment[]>();
const commentsOfFile = (file: string) => read.get(file) ?? read.set(file, commentsOf(readFileSync(file, 'utf8'), file)).get(file)!;

/** The comments' lines that match one of `patterns`, code spans left out, as `file:line: text`. */
function findings(patterns: RegExp[], files: string[]): string[] {
  return files.flatMap((file) =>
    commentsOfFile(file).flatMap((comment) =>
      comment.text.split('\n').flatMap((line, index) => {
        const prose = line.replace(/`[^`]*`/g, '``');
        return patterns.some((pattern) => pattern.test(prose)) ? [`${file}:${comment.line + index}: ${line.trim().slice(0, 160)}`] : [];
      }),
    ),
  );
}

const files = [...ROOTS.flatMap(sources), ...FILES];
/** Whether a comment, alone in a source, has a line that one of `patterns` matches. */
const matches = (patterns: RegExp[], source: string) =>
  commentsOf(source).some((comment) => comment.text.split('\n').some((line) => patterns.some((pattern) => pattern.test(line.replace(/`[^`]*`/g, '``')))));

describe('comments say what and why: no measured figures, no history', () => {
  it('reads the comments of the TypeScript sources, and only the comments', () => {
    expect(files).toContain('server/src/main.ts');
    expect(files).toContain('renderer/src/main.tsx');
    expect(files).toContain('tests/docs/comments-say-what-and-why.test.ts');
    const sample = [
      '/** A doc comment. */',
      "const slash = '// 5 µs in a string';",
      'const pattern = /\\/\\/ 5 µs in a regular expression/;',
      'const template = `// 5 µs in a template ${slash} // and after ${pattern}`;',
      'const view = <p>// JSX text is no comment {/* but this is */}</p>; // a trailing one',
      '/* a block */ const last = 1;',
      '// the last line',
    ].join('\n');
    expect(commentsOf(sample).map((c) => `${c.line}: ${c.text}`)).toEqual([
      '1: /** A doc comment. */',
      '5: /* but this is */',
      '5: // a trailing one',
      '6: /* a block */',
      '7: // the last line',
    ]);
  });

  it('no comment states a measured figure (docs/performance.md holds them, with their date)', () => {
    expect(findings(MEASURED, files)).toEqual([]);
  });

  it('no comment tells the history of the code (git holds it)', () => {
    expect(findings(HISTORY, files)).toEqual([]);
  });

  it('the patterns catch what they are for, and leave configuration and rules alone', () => {
    const measured = [
      '// The session hashed (one call, ≈ 0.4 µs; a keyed HMAC costs ≈ 14 µs).',
      '// they skip the regular expression (filling the layout was ≈ 4 % of a screen\'s CPU samples).',
      '/** capturing one was ≈ 2 % of a screen\'s CPU samples. */',
      '// spread, which sees them all and goes property by property (4–5 times slower).',
      '/* built in V8\'s runtime, about 1.2 µs each on a 2-core VM where the bare route costs 50 */',
      '// shared buffers would be most of the memory (bench: RSS ≈ 540 MB idle → ≈ 300 MB).',
      '// copying the cluster onto this machine\'s disk took ≈ 1 s of CPU',
      '// a throttled phone took over 20 s to type eleven digits',
      '// moves by ± 20 % from one window to the next',
      '// a page throttled for its whole life cost ≈ 0.85 of a core',
    ];
    for (const comment of measured) expect(matches(MEASURED, comment), comment).toBe(true);
    const history = [
      '// Vehicle billing, part 1: general billing, new vehicle, manual billing.',
      '// A screen the route table does not serve yet (used vehicles, part 2): home.',
      '// Used vehicles, first half: plate, simulation, inspection.',
      '// (imask was a lazily loaded chunk once; a keystroke came back empty under load.)',
      '/** The field used to wait for its mask in a lazily loaded chunk. */',
      '// Before the change the hook ran on every request.',
      '// The wrapper is no longer needed.',
      '// Measured in earlier sessions on the same machine.',
    ];
    for (const comment of history) expect(matches(HISTORY, comment), comment).toBe(true);
    const legitimate = [
      '/** A token is used until 30 s before the expiry the upstream announced (spec doc 1 §3). */',
      '/** Each page (photo or PDF) up to 2 MB; at most 3 pages. */',
      '/** Embedded bid: at most 25 % of the credit and at most the bid value. */',
      '/** At most 10 % of the calls to one upstream (over a sliding 10 s, in 100 ms slots) may be retries. */',
      '// a quantile read from it is within ±(γ−1)/(γ+1) ≈ 4.8 % of the true one.',
      '// A slow phone: the CPU throttled 6× while the page becomes interactive.',
      '/** `  12.34 µs   5.6 %  name`: µs per request, and its share of `total`. */',
      '/** Every screen an Aurora customer reaches, part 1 of 4: axe at 412 and 1280 px. */',
      '// Once a request is no longer pending, what it waited for is no longer its state.',
      '// Refused: what was typed stays, and the code may be sent again now.',
      '// The rules open only after the terms were accepted.',
      '// Loaded here, the earlier session is destroyed instead of outliving its replaced cookie.',
    ];
    for (const comment of legitimate) {
      expect(matches(MEASURED, comment), comment).toBe(false);
      expect(matches(HISTORY, comment), comment).toBe(false);
    }
  });
});
