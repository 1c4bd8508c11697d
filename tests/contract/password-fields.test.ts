import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInPage } from '../../server/src/capabilities/ops/sign-in/sign-in-page.js';

/**
 * Password fields as a person and a password manager meet them: masked as typed, named for the
 * manager (current or new password), and never refusing a paste. OWASP ASVS 5.0 V6.2.6 and V6.2.7.
 */
const ROOT = join(import.meta.dirname, '../..');
const LAYOUTS = join(ROOT, 'screens/layouts');

/** Field names that hold a password, and whether the field chooses a new one. */
const PASSWORD_FIELDS: Record<string, 'current-password' | 'new-password'> = { senha: 'current-password', senhaAtual: 'current-password', novaSenha: 'new-password' };

interface Form {
  where: string;
  properties: Record<string, unknown>;
  uiSchema: Record<string, Record<string, unknown>>;
}

/** Every form (a JSON Schema with its uiSchema) anywhere in a layout. */
function forms(node: unknown, where: string, out: Form[] = []): Form[] {
  if (Array.isArray(node)) for (const child of node) forms(child, where, out);
  else if (node && typeof node === 'object') {
    const n = node as Record<string, unknown>;
    const schema = n.schema as { properties?: Record<string, unknown> } | undefined;
    if (schema?.properties && n.uiSchema) out.push({ where, properties: schema.properties, uiSchema: n.uiSchema as Form['uiSchema'] });
    for (const value of Object.values(n)) forms(value, where, out);
  }
  return out;
}

const all = [
  ...readdirSync(LAYOUTS)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => forms(JSON.parse(readFileSync(join(LAYOUTS, f), 'utf8')), f)),
  ...forms(signInPage('password', new URL('http://console.local/ops/entrar')), 'ops-entrar (console)'),
];

describe('password fields', () => {
  it('masks every password field and names it for password managers', () => {
    const found: string[] = [];
    const wrong: string[] = [];
    for (const form of all) {
      for (const name of Object.keys(form.properties)) {
        const purpose = PASSWORD_FIELDS[name] ?? (name === 'confirmacao' && 'novaSenha' in form.properties ? 'new-password' : undefined);
        if (!purpose) continue;
        found.push(`${form.where}:${name}`);
        const ui = form.uiSchema[name] ?? {};
        if (ui['ui:widget'] !== 'password' || ui['ui:autocomplete'] !== purpose) wrong.push(`${form.where}:${name} ${JSON.stringify(ui)}`);
      }
    }
    // The login (desktop and mobile steps), both password-change steps and the console's login.
    expect(found).toEqual(
      expect.arrayContaining(['entrar.json:senha', 'entrar-mobile.json:senha', 'alterarsenha-atual.json:senhaAtual', 'alterarsenha-nova.json:novaSenha', 'alterarsenha-nova.json:confirmacao', 'ops-entrar (console):senha']),
    );
    expect(wrong).toEqual([]);
  });

  it('lets a password be pasted and filled: the inputs that draw it refuse no paste and turn no autocomplete off', () => {
    for (const file of ['renderer/src/components/form/text-input.tsx', 'renderer/src/components/form/light/text-input.tsx']) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      expect(source, file).toMatch(/type=\{[^}]*'password'/);
      expect(source, file).not.toMatch(/onPaste|onCopy|onCut|onDrop|autoComplete=["']off|preventDefault/);
    }
  });
});
