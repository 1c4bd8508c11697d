import type { ReactNode } from 'react';
import type { ScreenDocument } from '../../../screens/contract/screen.js';
import { ActionButton } from '../components/action-button.js';
import { TEXTS } from '../texts.js';

/** The frame around a screen: the partner's logo (or its name, without one), and for a logged-in customer Início and Sair. */
export function Chrome({ doc, children }: { doc: ScreenDocument; children: ReactNode }) {
  const { partner } = doc;
  return (
    <div className={`app chrome-${doc.chrome}`}>
      <a className="skip-link" href="#conteudo">
        {TEXTS.skipToContent}
      </a>
      <header className="app-header">
        <span className="brand">
          {/* The partner's logo names the partner (its alternative text); without one, its name as text. */}
          {partner.logoUrl ? <img className="brand-logo" src={partner.logoUrl} alt={partner.name} /> : <span className="brand-name">{partner.name}</span>}
        </span>
        {doc.chrome === 'authenticated' && (
          <nav className="app-nav">
            <ActionButton label={TEXTS.home} action={{ type: 'navigate', to: '/home' }} variant="link" />
            <ActionButton label={TEXTS.logout} action={{ type: 'submit', action: 'auth/logout-confirm' }} variant="secondary" />
          </nav>
        )}
      </header>
      <main id="conteudo" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
