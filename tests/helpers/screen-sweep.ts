/**
 * What a careful reader of a screen document would object to, found by reading the document as
 * data: the texts a person reads (or hears) and the controls they press, each rule one class of
 * defect. `sweepDocument` answers one line per finding ("where: what"), empty when it reads well.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A text a person reads, and where in the document it is. */
export interface ReadText {
  where: string;
  text: string;
}

/** A control a person presses: its visible label, its accessible name (the label unless the document gives one) and what it does. */
export interface Control {
  where: string;
  label: string;
  name: string;
  does: string;
}

/** Keys whose string value is drawn as text (or read as an accessible name). */
const TEXT_KEYS = new Set([
  'title',
  'subtitle',
  'text',
  'label',
  'caption',
  'figure',
  'emptyText',
  'statusText',
  'when',
  'author',
  'content',
  'placeholder',
  'sendLabel',
  'typingText',
  'positiveLabel',
  'negativeLabel',
  'sentText',
  'retryLabel',
  'suggestionsLabel',
  'categoryLabel',
  'countText',
  'alt',
  'message',
  'loadingMessage',
  'description',
  'ui:title',
  'ui:description',
  'ui:help',
  'ui:placeholder',
]);
/** Keys whose value is a list of texts, or of rows of texts. */
const TEXT_LIST_KEYS = new Set(['columns', 'suggestions', 'texts', 'cells', 'enumNames', 'ui:enumNames']);
/** Keys that hold data, not what is read: action targets, payloads, tokens of the theme, schema types. */
const DATA_KEYS = new Set(['type', 'id', 'to', 'href', 'src', 'url', 'payload', 'theme', 'definition', 'definitionId', 'formData', 'tone', 'icon', 'variant', 'state', 'status', 'keywords', 'values', 'meta', 'screen', 'route', 'schemaVersion', 'kind', 'chrome', 'filename', 'formats', 'countdown', 'options', 'inputs', 'outputs', 'covers', 'findings']);

/** Every text of a document a person reads, with its path (`layout[2].items[0].title`). */
export function readTexts(doc: Json): ReadText[] {
  const out: ReadText[] = [];
  const walk = (value: Json, where: string, key: string | undefined) => {
    if (typeof value === 'string') {
      if (key !== undefined && TEXT_KEYS.has(key)) out.push({ where, text: value });
      return;
    }
    if (Array.isArray(value)) {
      const listOfTexts = key !== undefined && (TEXT_LIST_KEYS.has(key) || (key === 'rows' && value.every((row) => Array.isArray(row))));
      value.forEach((item, i) => {
        if (listOfTexts && typeof item === 'string') out.push({ where: `${where}[${i}]`, text: item });
        else if (listOfTexts && Array.isArray(item)) item.forEach((cell, j) => typeof cell === 'string' && out.push({ where: `${where}[${i}][${j}]`, text: cell }));
        else walk(item, `${where}[${i}]`, undefined);
      });
      return;
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (DATA_KEYS.has(k) && !(k === 'options' && Array.isArray(v) && v.some((o) => o && typeof o === 'object' && 'selected' in o))) continue;
        // A form's field errors: every value a message.
        if (k === 'errors' && v && typeof v === 'object' && !Array.isArray(v)) {
          for (const [field, message] of Object.entries(v)) if (typeof message === 'string') out.push({ where: `${where}.errors.${field}`, text: message });
          continue;
        }
        walk(v, where ? `${where}.${k}` : k, k);
      }
    }
  };
  walk(doc, '', undefined);
  return out;
}

/** What an action does, as a key: two controls that do the same thing may share a name (WCAG 2.4.4). */
function doesOf(action: Json): string {
  if (!action || typeof action !== 'object') return 'nothing';
  if (action.type === 'navigate') return `navigate ${action.to}`;
  if (action.type === 'submit') return `submit ${action.action} ${JSON.stringify(action.payload ?? {})}`;
  if (action.type === 'download') return `download ${action.href}`;
  if (action.type === 'open-url') return `open ${action.url}`;
  if (action.type === 'bridge') return `bridge ${action.method} ${JSON.stringify(action.payload ?? {})}`;
  return JSON.stringify(action);
}

/** Every control of a document (buttons, actions of cards and banners, links of navigations, chips, form submits, modal actions). */
export function controls(nodes: Json): Control[] {
  const out: Control[] = [];
  const walk = (value: Json, where: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}[${i}]`));
    if (!value || typeof value !== 'object') return;
    // A fallback is drawn instead of its node, never beside it.
    if (typeof value.label === 'string' && value.action && typeof value.action === 'object' && typeof value.action.type === 'string') out.push({ where, label: value.label, name: value.accessibleName ?? value.label, does: doesOf(value.action) });
    if (value.submit && typeof value.submit.label === 'string') out.push({ where: `${where}.submit`, label: value.submit.label, name: value.submit.accessibleName ?? value.submit.label, does: doesOf(value.submit.action) });
    for (const [k, v] of Object.entries(value)) if (k !== 'fallback' && k !== 'submit' && k !== 'payload' && k !== 'definition') walk(v, where ? `${where}.${k}` : k);
  };
  walk(nodes, '');
  return out;
}

/** English words a customer or analyst would read on a screen, none of which Portuguese spells the same way. */
const ENGLISH = [
  'the', 'and', 'not', 'shown', 'done', 'pending', 'approved', 'cancelled', 'canceled', 'error', 'failed', 'loading', 'submit', 'click', 'download',
  'none', 'true', 'false', 'null', 'undefined', 'default', 'yes', 'with', 'from', 'this', 'that', 'please', 'page', 'screen', 'step', 'back', 'next',
  'close', 'cancel', 'save', 'required', 'invalid', 'unknown', 'value', 'amount', 'due', 'paid', 'open', 'closed', 'active', 'inactive', 'quota',
  'group', 'bid', 'slip', 'draft', 'published', 'rollback', 'request', 'requests', 'author', 'approver', 'approved', 'rejected', 'scheduled', 'week',
  'month', 'year', 'days', 'today', 'yesterday', 'tomorrow', 'name', 'field', 'row', 'rows', 'table', 'missing', 'empty', 'other', 'others',
  'search', 'filter', 'all', 'any', 'settings', 'profile', 'home', 'logout', 'sign', 'password', 'user', 'username', 'contract', 'statement', 'report',
  'unavailable', 'available', 'success', 'warning', 'info', 'neutral', 'danger', 'current', 'file', 'size', 'version', 'office',
];
const ENGLISH_WORD = new RegExp(`(?<![\\p{L}\\d_./@:-])(${ENGLISH.join('|')})(?![\\p{L}\\d_@-])`, 'iu');
/** Terms Brazilian Portuguese takes as they are (pt-BR dictionaries list them), or names. */
const BORROWED = /\b(e-mail|email|login|online|link|chat|app|site|download|upload|status|PIX|Pix|token|CSV|PDF|JSON|WhatsApp|Android|iOS)\b/g;

/** A value that stands for nothing: what a template or a formatter leaves when data is missing. */
const EMPTY_VALUE = /^\s*(—|–|-|undefined|null|NaN|\[object Object\]|R\$ NaN)?\s*$/;
const LEAKED_VALUE = /\b(undefined|NaN)\b|\[object Object\]|\{[a-zA-Z]+\}/;
/** "dia(s)", "cota(s)", "parcela(s)": a plural a person would not write. */
const PARENTHESISED_PLURAL = /\p{L}\((s|es|ões|ns|is)\)/u;

/** Money, dates and numbers not written as the pt-BR formatter writes them. */
const UNFORMATTED: Array<[RegExp, string]> = [
  [/R\$(?! |\))|R\$ (?!-?\d{1,3}(\.\d{3})*,\d{2}\b)/, 'money not written as "R$ 1.234,56"'],
  [/\b\d{4}-\d{2}-\d{2}(T\d|\b)/, 'an ISO date (pt-BR writes DD/MM/AAAA)'],
  [/\b\d{1,2}\/\d{1,2}\/\d{2}\b(?!\d)/, 'a two-digit year'],
  [/(?<![\d.,/§]|§\s?)\d+\.\d{1,2}(?![\d.])/, 'a decimal point (pt-BR writes a decimal comma)'],
  [/\b\d{1,2}:\d{2}:\d{2}\b/, 'a time with seconds'],
  [/\b\d{1,2}(am|pm)\b|\b\d{1,2}:\d{2}\s?(AM|PM)\b/i, 'a 12-hour time'],
];

/** Long texts whose content is a list: several lines, bullets or numbered items in one paragraph. */
const LIST_IN_TEXT = /(^|\n)\s*([-•*]|\d+[.)])\s+\S.*\n\s*([-•*]|\d+[.)])\s+\S/;

/** Texts whose key takes a label for a control or field: never empty. */
const MUST_SAY_SOMETHING = /(^|\.)(label|title|text|caption|figure|statusText|alt|sendLabel)$|\.columns\[\d+\]$/;

type Say = (where: string, what: string, text: string) => void;
const sayer = (route: string, found: string[]): Say => (where, what, text) => found.push(`${route} ${where}: ${what}: ${JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}…` : text)}`);

/** One line per finding on texts a person reads (a document's, a CSV's cells), empty when they read well. */
export function sweepTexts(route: string, texts: ReadText[]): string[] {
  const found: string[] = [];
  checkTexts(texts, sayer(route, found));
  return found;
}

function checkTexts(texts: ReadText[], say: Say): void {
  for (let { where, text } of texts) {
    if (typeof text !== 'string') continue;
    // A data table's count line is a template the renderer fills ({shown} of {total}).
    if (where.endsWith('.countText')) text = text.replace(/\{(shown|total)\}/g, '1');
    // A data-table cell or key-value row may be empty on purpose only where its column says so; a label never.
    if (EMPTY_VALUE.test(text) && (MUST_SAY_SOMETHING.test(where) || text.trim() !== '')) say(where, 'a value that stands for nothing', text);
    else if (LEAKED_VALUE.test(text)) say(where, 'a value left by a template or formatter', text);
    if (PARENTHESISED_PLURAL.test(text)) say(where, 'a plural in parentheses', text);
    const english = ENGLISH_WORD.exec(text.replace(BORROWED, ' '));
    // A customer's own words (the assistant's conversation) are theirs; the product's are Portuguese.
    if (english && !/\.messages\[\d+\]\.content$/.test(where)) say(where, `an English word ("${english[1]}")`, text);
    for (const [pattern, what] of UNFORMATTED) if (pattern.test(text)) say(where, what, text);
    if (text.length > 240 && LIST_IN_TEXT.test(text)) say(where, 'a list written as one text (draw it as a list or table)', text);
  }
}

/** One line per finding on the document (its route first), empty when it reads well. */
export function sweepDocument(route: string, doc: Json): string[] {
  const found: string[] = [];
  const say = sayer(route, found);
  checkTexts([{ where: 'title', text: doc.title as string }, ...readTexts({ layout: doc.layout, modals: doc.modals })], say);
  // The screen's controls together, and each modal's (a modal is all there is while it is open).
  const groups: Array<[string, Json]> = [['layout', doc.layout], ...((doc.modals ?? []) as Json[]).map((m, i): [string, Json] => [`modals[${i}]`, [...m.body, ...m.actions]])];
  for (const [where, nodes] of groups) {
    const byName = new Map<string, Control[]>();
    for (const control of controls(nodes)) {
      const key = control.name.trim().toLocaleLowerCase('pt-BR');
      byName.set(key, [...(byName.get(key) ?? []), control]);
      if (!key.includes(control.label.trim().toLocaleLowerCase('pt-BR'))) say(`${where}${control.where}`, 'an accessible name that does not contain the visible label (WCAG 2.5.3)', control.name);
    }
    for (const same of byName.values()) {
      if (new Set(same.map((c) => c.does)).size > 1) say(same.map((c) => `${where}${c.where}`).join(' and '), 'controls with the same name that do different things', same[0]!.name);
    }
  }
  return found;
}
