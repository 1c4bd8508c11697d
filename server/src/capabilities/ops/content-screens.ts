import type { ComponentNode } from '../../../../screens/contract/components.js';
import type { ThemeDefinition } from '../../../../screens/contract/flows.js';
import type { ThemeTokens } from '../../../../screens/contract/screen.js';
import { contrastReport, TOKEN_NAMES } from '../../composition/theme.js';
import { countOf, formatDecimal } from '../../domain/format.js';
import type { StaffSession } from './staff-sessions.js';
import { canPublish } from './staff.js';

/** The console's pages for texts and partner themes, versioned with the flow definitions. */

const MAX_RESULTS = 40;

/** The tokens the theme form offers, with the names people read. */
export const THEME_FIELDS = [
  ['primary', 'Cor primária'],
  ['onPrimary', 'Texto sobre a primária'],
  ['secondary', 'Cor secundária'],
  ['onSecondary', 'Texto sobre a secundária'],
  ['background', 'Fundo'],
  ['onBackground', 'Texto sobre o fundo'],
] as const;

export function textsScreen(staff: StaffSession, texts: Readonly<Record<string, string>>, query: string, key: string | null, version: number): ComponentNode[] {
  const needle = query.trim().toLowerCase();
  const found = needle ? Object.entries(texts).filter(([k, v]) => k.toLowerCase().includes(needle) || v.toLowerCase().includes(needle)) : [];
  const nodes: ComponentNode[] = [
    { type: 'heading', text: 'Textos (pt-BR)' },
    { type: 'text', text: `${countOf(Object.keys(texts).length, 'texto', 'textos')} em serviço na v${version}. Marcadores como {{partner.name}} são preenchidos pelo servidor: mantenha-os.` },
    {
      type: 'form',
      id: 'ops-textos-busca',
      engine: 'light',
      schema: { type: 'object', required: ['busca'], properties: { busca: { type: 'string', title: 'Buscar texto ou chave', maxLength: 100 } } },
      formData: { busca: query },
      submit: { label: 'Buscar', action: { type: 'submit', action: 'ops/textos-busca' } },
    },
  ];
  if (needle) {
    nodes.push({
      type: 'list',
      label: `Resultados para "${query}"`,
      emptyText: 'Nenhum texto encontrado.',
      items: found.slice(0, MAX_RESULTS).map(([k, v]) => ({
        type: 'card',
        id: `texto-${k}`,
        title: k,
        items: [{ type: 'text', text: v }],
        ...(canPublish(staff.role) ? { action: { label: `Editar ${k}`, action: { type: 'navigate' as const, to: `/ops/textos?chave=${encodeURIComponent(k)}` } } } : {}),
      })),
    });
  }
  if (key !== null && key in texts && canPublish(staff.role)) {
    nodes.push(
      { type: 'heading', text: `Editar ${key}`, level: 2 },
      {
        type: 'form',
        id: 'ops-texto',
        schema: { type: 'object', required: ['texto'], properties: { chave: { type: 'string', title: 'Chave' }, texto: { type: 'string', title: 'Texto', maxLength: 2000 } } },
        uiSchema: { chave: { 'ui:widget': 'hidden' }, texto: { 'ui:widget': 'textarea' } },
        formData: { chave: key, texto: texts[key] },
        submit: { label: 'Revisar alterações', action: { type: 'submit', action: 'ops/texto', loadingMessage: 'Analisando...' } },
      },
    );
  }
  return nodes;
}

export interface ThemeRow {
  id: number;
  name: string;
  theme: ThemeTokens;
  published: ThemeDefinition | null;
}

export function themesScreen(staff: StaffSession, partners: ThemeRow[]): ComponentNode[] {
  return [
    { type: 'heading', text: 'Temas dos parceiros' },
    { type: 'text', text: 'As cores publicadas aqui valem sobre as do sistema da administradora. O analisador recusa um tema sem contraste WCAG AA (4,5:1 para texto).' },
    ...partners.flatMap((p): ComponentNode[] => [
      {
        type: 'theme-preview',
        id: `tema-${p.id}`,
        label: `${p.name} (parceiro ${p.id})`,
        theme: { ...p.theme },
        items: [
          {
            type: 'table',
            caption: `Contraste WCAG AA de ${p.name}`,
            columns: ['texto', 'fundo', 'contraste', 'resultado'],
            rows: contrastReport(p.theme).map((c) => [TOKEN_NAMES[c.foreground], TOKEN_NAMES[c.background], `${formatDecimal(c.ratio, 2)}:1`, c.ok ? 'passa' : 'falha']),
          },
          { type: 'button', label: 'Botão de exemplo', variant: 'primary', action: { type: 'submit', action: 'ops/galeria-exemplo' } },
        ],
      },
      ...(canPublish(staff.role)
        ? [
            {
              type: 'form',
              id: `ops-tema-${p.id}`,
              engine: 'light',
              schema: {
                type: 'object',
                properties: {
                  parceiro: { type: 'string', title: 'Parceiro' },
                  ...Object.fromEntries(THEME_FIELDS.map(([token, title]) => [token, { type: 'string', title: `${title} de ${p.name} (${token})`, maxLength: 7 }])),
                },
              },
              uiSchema: { parceiro: { 'ui:widget': 'hidden' } },
              formData: { parceiro: String(p.id), ...Object.fromEntries(THEME_FIELDS.map(([token]) => [token, p.published?.tokens[token] ?? p.theme[token]])) },
              submit: { label: `Revisar tema de ${p.name}`, action: { type: 'submit', action: 'ops/tema', loadingMessage: 'Analisando...' } },
            } satisfies ComponentNode,
          ]
        : []),
    ]),
  ];
}
