/**
 * The renderer's lazily loaded parts and what in a screen document needs each at once. The server
 * module-preloads them for the page's first screen (server/src/plugins/external/first-screen.ts,
 * by `source` in the Vite manifest); the renderer loads them before it hydrates a server-drawn
 * screen, so its first render is the markup the server drew (renderer/src/main.tsx).
 */
export type LazyPartName = 'icons' | 'json-form' | 'table-editor';

export const LAZY_PARTS: ReadonlyArray<{ name: LazyPartName; source: string; when: RegExp }> = [
  { name: 'icons', source: 'src/components/icon/icons.ts', when: /"icon":"|"type":"(?:empty-state|shortcuts|bottom-nav)"/ },
  { name: 'json-form', source: 'src/components/form/json-form.tsx', when: /"engine":"json"/ },
  { name: 'table-editor', source: 'src/components/table-editor/table-editor.tsx', when: /"type":"table-editor"/ },
];

/** The parts a document (as JSON) needs to draw. */
export function lazyPartsOf(json: string): LazyPartName[] {
  return LAZY_PARTS.filter((p) => p.when.test(json)).map((p) => p.name);
}
