import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The fixture file, a byte copy of ../shared/personas.json (a test keeps it in step). */
export const PERSONAS_FILE = fileURLToPath(new URL('../fixtures/personas.json', import.meta.url));

export interface PartnerFixture {
  id: number;
  name: string;
  domain: string;
  business_unit_id: string;
  colors: { primary: string; secondary: string };
  prazo_geral_faturamento_bem: number;
  prazo_pagamento_faturamento: number;
}

export interface PersonaFixture {
  key: string;
  document: string;
  password: string;
  partner: number;
  scenario: string;
}

export interface PersonaFile {
  partners: PartnerFixture[];
  personas: PersonaFixture[];
}

export function loadPersonas(): PersonaFile {
  return JSON.parse(readFileSync(PERSONAS_FILE, 'utf8')) as PersonaFile;
}
