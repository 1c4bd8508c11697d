import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Persona {
  key: string;
  document: string;
  password: string;
  partner: number;
  scenario: string;
}

const file = fileURLToPath(new URL('../../sandbox/fixtures/personas.json', import.meta.url));
const fixtures = JSON.parse(readFileSync(file, 'utf8')) as { personas: Persona[]; partners: { id: number; name: string; domain: string; colors: { primary: string } }[] };

export function persona(key: string): Persona {
  const found = fixtures.personas.find((p) => p.key === key);
  if (!found) throw new Error(`no persona ${key}`);
  return found;
}

export function partner(id: number) {
  const found = fixtures.partners.find((p) => p.id === id);
  if (!found) throw new Error(`no partner ${id}`);
  return found;
}

/** Every persona the sandbox seeds, in the fixture's order. */
export function allPersonas(): readonly Persona[] {
  return fixtures.personas;
}
