import { preloadJsonForm } from '../components/form/form.js';
import { preloadIcons } from '../components/icon/icon.js';
import { preloadTableEditor } from '../components/table-editor/lazy-table-editor.js';
import { lazyPartsOf, type LazyPartName } from '../lib/lazy-parts.js';

const PRELOADS: Record<LazyPartName, () => Promise<unknown>> = { icons: preloadIcons, 'json-form': preloadJsonForm, 'table-editor': preloadTableEditor };

/** Loads the lazy parts a document needs, so it draws without suspending. */
export function preloadPartsFor(doc: unknown): Promise<unknown> {
  return Promise.all(lazyPartsOf(JSON.stringify(doc)).map((name) => PRELOADS[name]()));
}

/** Every lazy part (the server's renderer loads them all when it starts). */
export function preloadAllParts(): Promise<unknown> {
  return Promise.all(Object.values(PRELOADS).map((preload) => preload()));
}
