import { useEffect } from 'react';
import type { ScreenDocument } from '../../../screens/contract/screen.js';
import { Nodes } from '../components/node.js';
import { applyTheme } from '../lib/theme.js';
import { useUi } from '../ui/ui-context.js';
import { Chrome } from './chrome.js';

/** One screen document: theme, title and favicon from the partner, then the layout. */
export function ScreenView({ doc }: { doc: ScreenDocument }) {
  const { showModal } = useUi();

  useEffect(() => {
    applyTheme(doc.partner.theme);
    document.title = `${doc.title} · ${doc.partner.name}`;
    if (doc.partner.iconUrl) setIcon(doc.partner.iconUrl);
  }, [doc.title, doc.partner]);

  useEffect(() => {
    const first = doc.modals[0];
    if (first) showModal(first);
    // Shown once per screen document the server sends (an optimistic patch keeps the same modals).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.modals]);

  return (
    <Chrome doc={doc}>
      <div className={`screen screen-${doc.screen}`}>
        <Nodes nodes={doc.layout} />
      </div>
    </Chrome>
  );
}

function setIcon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}
