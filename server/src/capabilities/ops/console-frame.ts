import type { ComponentNode } from '../../../../screens/contract/components.js';
import type { StaffSession } from './staff-sessions.js';
import { canPublish } from './staff.js';

/**
 * The frame of every console page: on a wide screen the staff member, "Sair do console" and the
 * console's sections in a column beside the page's content; under 960 px the same one above the
 * other (`columns` with `variant: "sidebar"`). A page's own content is free to use the width, e.g.
 * a chart and its table in `columns` (`even`) side by side.
 */
export interface ConsoleSection {
  label: string;
  to: string;
  /** Further paths that belong to this section (a definition's page belongs to "Definições"). */
  owns?: RegExp;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { label: 'Definições', to: '/ops', owns: /^\/ops\/(definicoes\/|rascunho)/ },
  { label: 'Histórico de versões', to: '/ops/historico' },
  { label: 'Pedidos de publicação', to: '/ops/pedidos' },
  { label: 'Textos', to: '/ops/textos' },
  { label: 'Temas dos parceiros', to: '/ops/temas' },
  { label: 'Galeria de componentes', to: '/ops/galeria' },
  { label: 'Análise dos fluxos', to: '/ops/analise' },
];

export function roleText(staff: StaffSession): string {
  return staff.role === 'approver' ? 'pode publicar e aprovar' : canPublish(staff.role) ? 'pode publicar' : 'somente leitura';
}

export function consoleFrame(staff: StaffSession, pathname: string, content: ComponentNode[]): ComponentNode[] {
  const current = (s: ConsoleSection) => pathname === s.to || (s.owns?.test(pathname) ?? false);
  return [
    {
      type: 'columns',
      id: 'console',
      variant: 'sidebar',
      items: [
        {
          type: 'group',
          id: 'console-lateral',
          items: [
            { type: 'text', tone: 'info', text: `${staff.login} · ${roleText(staff)}` },
            { type: 'nav', id: 'console-secoes', label: 'Seções do console', links: CONSOLE_SECTIONS.map((s) => ({ label: s.label, action: { type: 'navigate' as const, to: s.to }, ...(current(s) ? { current: true } : {}) })) },
            // A page of the server: it ends the console's session, then the identity provider's (capabilities/ops/sign-in).
            { type: 'button', label: 'Sair do console', variant: 'link', action: { type: 'navigate', to: '/api/ops/sair' } },
          ],
        },
        { type: 'group', id: 'console-conteudo', items: content },
      ],
    },
  ];
}
