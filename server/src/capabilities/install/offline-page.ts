import { createHash } from 'node:crypto';
import type { PartnerBranding } from '../../../../screens/contract/index.js';
import { escapeHtml } from '../../plugins/external/first-screen.js';
import { ICONS } from './web-manifest.js';

export interface OfflineTexts {
  title: string;
  text: string;
  retry: string;
}

const COLOUR = /^#[0-9a-f]{3,8}$/i;
const colour = (value: string, otherwise: string) => (COLOUR.test(value) ? value : otherwise);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** "Tentar de novo" loads again the address the person was opening (the page is shown in its place). */
const RETRY_SCRIPT = "document.getElementById('tentar').addEventListener('click',function(){location.reload()});";

/**
 * The page the service worker shows for a navigation while the network is down: the partner's
 * name and icon on its colour, "Sem conexão", what to do, and a button that tries again. It holds
 * nothing of any customer, so it can be kept on the device. Everything it needs is inside it but
 * its icon (kept beside it); its policy names its one style and one script by their hashes.
 */
export function offlinePage(branding: PartnerBranding, texts: OfflineTexts): { html: string; csp: string } {
  const t = branding.theme;
  const style = [
    `:root{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5;color:${colour(t.onBackground, '#1f2328')};background:${colour(t.background, '#f5f6f8')}}`,
    'body{margin:0}',
    `header{display:flex;align-items:center;gap:8px;padding:12px 16px;background:${colour(t.primary, '#1f2328')};color:${colour(t.onPrimary, '#ffffff')};font-weight:700}`,
    'header img{width:32px;height:32px;border-radius:6px}',
    'main{max-width:720px;margin:0 auto;padding:32px 16px}',
    'h1{font-size:1.5rem;margin:0 0 8px}',
    'p{margin:0 0 24px}',
    `button{min-height:44px;padding:10px 24px;border-radius:999px;font:inherit;font-weight:600;cursor:pointer;border:2px solid ${colour(t.primary, '#1f2328')};background:${colour(t.primary, '#1f2328')};color:${colour(t.onPrimary, '#ffffff')}}`,
    `button:focus-visible{outline:3px solid ${colour(t.primary, '#1f2328')};outline-offset:2px}`,
  ].join('');
  const name = escapeHtml(branding.name);
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="theme-color" content="${escapeHtml(colour(t.primary, '#1f2328'))}">`,
    `<title>${escapeHtml(texts.title)} · ${name}</title>`,
    `<style>${style}</style></head><body>`,
    `<header><img src="${ICONS['icone-192'].path}" alt=""><span>${name}</span></header>`,
    `<main><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.text)}</p>`,
    `<button type="button" id="tentar">${escapeHtml(texts.retry)}</button></main>`,
    `<script>${RETRY_SCRIPT}</script></body></html>`,
  ].join('');
  const csp = [
    "default-src 'none'",
    "img-src 'self'",
    `style-src ${sha256(style)}`,
    `script-src ${sha256(RETRY_SCRIPT)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
