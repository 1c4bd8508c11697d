import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ScreenDocument } from '../../../screens/contract/screen.js';
import { DEFAULT_THEME } from '../../../server/src/composition/partner.js';
import { Chrome } from './chrome.js';

const doc = (partner: Partial<ScreenDocument['partner']>): ScreenDocument => ({
  schemaVersion: 1,
  kind: 'screen',
  screen: 'entrar',
  route: '/entrar',
  title: 'Entrar',
  partner: { id: 1, name: 'Consórcio Aurora', theme: DEFAULT_THEME, ...partner },
  chrome: 'public',
  layout: [],
  modals: [],
  meta: { definitions: 'v1' },
});

const header = (d: ScreenDocument) => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <Chrome doc={d}>{null}</Chrome>
    </MemoryRouter>,
  );
  return html.slice(html.indexOf('<header'), html.indexOf('</header>'));
};

describe('the header names the partner', () => {
  it('draws the partner’s logo with its name as the alternative text, and not the name again', () => {
    const html = header(doc({ logoUrl: 'https://cdn.example/aurora.svg' }));
    expect(html).toContain('<img class="brand-logo" src="https://cdn.example/aurora.svg" alt="Consórcio Aurora"/>');
    expect(html).not.toContain('brand-name');
  });

  it('keeps the name as text for a partner without a logo', () => {
    const html = header(doc({}));
    expect(html).toContain('<span class="brand-name">Consórcio Aurora</span>');
    expect(html).not.toContain('<img');
  });
});
