import { readFileSync } from 'node:fs';

/** The two spec documents, copied into the project (docs/spec/; a test keeps them equal to the originals). */
export const SPEC_FILES = ['000_6d7e9ad819d06fb9.txt', '001_c5749c895ce6d8b5.txt'].map((name) => new URL(`../../docs/spec/${name}`, import.meta.url));

/** The text of one level-2 section ("## 2. Screens and routes") of a spec document. */
function section(text: string, heading: RegExp): string {
  const start = text.search(heading);
  if (start < 0) throw new Error(`spec section ${heading} not found`);
  const rest = text.slice(start);
  const end = rest.slice(3).search(/\n## /);
  return end < 0 ? rest : rest.slice(0, end + 3);
}

const ABSOLUTE = /(?<![\w.:/-])\/[a-z][\w\-/{}:|?]*/gi;
/** A route name in a list: `tipo`, `documentos/{doc?}`, `vendedor/{a|b}/anexos`, `{id}`. */
const NAME = /^\{?[a-z0-9][\w\-/{}|?]*$/i;

/** `a/{x|y}/b` → a/x/b, a/y/b; `{item?}` → without it and with an example; `{id}`, `:token` → an example. */
function expand(path: string): string[] {
  const alternatives = path.match(/\{([\w-]+(?:\|[\w-]+)+)\}/);
  if (alternatives) return alternatives[1]!.split('|').flatMap((choice) => expand(path.replace(alternatives[0], choice)));
  const optional = path.match(/\/\{[\w-]+\?\}/);
  if (optional) return [...expand(path.replace(optional[0], '')), ...expand(path.replace(optional[0], '/1'))];
  return [path.replace(/:$/, '').replace(/\{[\w-]+\}|:[\w-]+/g, '1').replace(/\/+$/, '') || '/'];
}

const parent = (path: string) => path.slice(0, path.lastIndexOf('/'));
const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** The name a list item gives: `centralcontemplacao`, `{id} category` (a parameter and its description); null for prose. */
const nameOf = (item: string): string | null => {
  const words = item.trim().split(/\s+/);
  return NAME.test(words[0] ?? '') && (words.length === 1 || words[0]!.includes('{')) ? words[0]! : null;
};

/**
 * The app's route paths in the spec's "Screens and routes" sections, read from the text:
 * absolute paths; bare names listed after one (`/boletos/cotaquitada, composicao` → siblings;
 * `… with children a, b`, `/assembleias: a, b` → children; `then a then b` → siblings); in
 * document 2 the lists under a section's prefix ("### 2.4 New vehicle, under /faturamentonovo":
 * `introducao, …`), with their aliases. Words in parentheses describe, they name no route. The
 * back office's endpoints (section 7, "Calls") are not read.
 */
export function specRoutes(): string[] {
  const found = new Set<string>();
  const add = (path: string) => expand(path).forEach((p) => found.add(p));
  const [doc1, doc2] = SPEC_FILES.map((file) => readFileSync(file, 'utf8'));
  const SEPARATOR = /(,\s*|\s+then\s+|\s+with children\s+|:\s+)/;

  // Document 1 §2: every whole path (in parentheses too), then sentences of paths and bare names.
  for (const path of section(doc1!, /\n## 2\. /).match(ABSOLUTE) ?? []) add(path);
  for (const sentence of section(doc1!, /\n## 2\. /).replace(/\s*\([^)]*\)/g, '').split(/(?<=[.;])\s|\n/)) {
    let base: string | null = null;
    let children = false;
    let justAfterBase = false;
    for (const part of sentence.split(SEPARATOR)) {
      if (SEPARATOR.test(part) && part.match(SEPARATOR)![0] === part) {
        // What follows a path directly says whether the names after it are its children or its siblings.
        if (justAfterBase) children = /with children|:/.test(part);
        justAfterBase = false;
        continue;
      }
      const token = part.trim().replace(/[.;]+$/, '');
      const absolute = token.match(ABSOLUTE)?.[0];
      if (absolute) {
        add(absolute);
        [base, children, justAfterBase] = [absolute, false, token.endsWith(absolute)];
        continue;
      }
      const name = nameOf(token);
      if (base && name && name !== 'main') add(`${children ? base : parent(base)}/${name}`);
    }
  }

  // Document 2 §2.2–2.11: a prefix in the heading (or "x (parent)"), its screens listed below it.
  for (const block of section(doc2!, /\n## 2\. /).split(/\n### /).slice(1)) {
    const [heading = '', ...body] = block.split('\n');
    const prefix = heading.match(/(?:under |, )\/?([a-z-]+)$/i)?.[1] ?? body[0]?.match(/^([a-z-]+) \(parent\)/)?.[1];
    // The section's root ("Root plus …", a parent route): a customer may type or bookmark it.
    if (prefix) add(`/${prefix}`);
    for (const line of body) {
      const listed = prefix && !/^[A-Z]/.test(line.replace(/^(- |Root plus )/, '')) ? line.replace(/^(- |Root plus )/, '').split(/\.\s/)[0]! : '';
      // Whole paths anywhere in the section (and their aliases: "/faturamento/manual/consignado (aliases a, b)").
      if (!listed)
        for (const match of line.matchAll(/(?<![\w.:/-])(\/[a-z][\w\-/{}|?]*)(?:\s*\(aliases? ([\w\s,-]+)\))?/gi)) {
          add(match[1]!);
          for (const alias of match[2]?.split(/,\s*/) ?? []) add(`${parent(match[1]!)}/${alias.trim()}`);
        }
      let last: string | null = null;
      let group: string[] = [];
      for (const raw of listed.split(/([,;]\s*|\s+and\s+)/)) {
        if (/^([,;]\s*)$/.test(raw)) group = [];
        if (/^([,;]\s*|\s+and\s+)$/.test(raw)) continue;
        const alias = raw.match(/\(alias(?:es)? ([^)]+)\)/)?.[1];
        if (/\(parent\)/.test(raw)) continue;
        const item = raw.replace(/\s*\(.*$/, '').trim();
        if (item.startsWith(`/${prefix}/`)) {
          add(item);
          continue;
        }
        const path: string | null = item.startsWith('/') && last ? `${parent(last)}${item}` : nameOf(item);
        if (!path) continue;
        const name: string = path.replace(/^\//, '');
        add(`/${prefix}/${name}`);
        last = name;
        group.push(name);
        if (!alias) continue;
        const under = alias.match(/^under ([\w-]+)$/)?.[1];
        // "(aliases under vistoriatecnica)": the names of this group under that prefix; else sibling names.
        if (under) for (const member of group) add(`/${prefix}/${under}/${basename(member)}`);
        else for (const other of alias.split(/,\s*/)) add(`/${prefix}/${parent(name) ? `${parent(name)}/` : ''}${other.trim()}`);
      }
    }
  }
  return [...found].sort();
}
