/**
 * Return-to values an attacker tries to send a customer to another site with (or to hide where
 * a link leads). Each must be refused: answered with /home or a same-origin path of a known route,
 * never anything a URL parser resolves to another host.
 */
export const OPEN_REDIRECT_PAYLOADS: readonly string[] = [
  // Control characters the WHATWG parser strips: `/\t/example.org` becomes `//example.org`.
  '/\t/example.org',
  '/\n/example.org',
  '/\r/example.org',
  '/\r\n/example.org',
  '\t//example.org',
  '/\x00/example.org',
  '/\x0b/example.org',
  '/\x7f/example.org',
  ' //example.org',
  '/ /example.org',
  // Protocol-relative and backslash forms.
  '//example.org',
  '///example.org',
  '////example.org/home',
  '/\\example.org',
  '/\\/example.org',
  '\\/example.org',
  '\\\\example.org',
  '/\\\\example.org',
  // Encoded separators and controls.
  '/%2F/example.org',
  '/%2f%2fexample.org',
  '%2F%2Fexample.org',
  '/%5C/example.org',
  '/%5cexample.org',
  '/%09/example.org',
  '/%0A/example.org',
  '/%0D/example.org',
  '/%2e%2e/%2e%2e/example.org',
  '/home/..%2F..%2F/example.org',
  '/%5Cexample.org',
  // Dot segments around a backslash.
  '/.\\./example.org',
  '/home/../../\\example.org',
  // Schemes.
  'https://example.org',
  'http://example.org/home',
  'HTTPS://example.org',
  'https:example.org',
  'https:/example.org',
  'http:/\\example.org',
  'https://example.org/home',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  // Userinfo.
  '/@example.org',
  '/home@example.org',
  'http://localhost@example.org',
  'https://localhost@example.org/',
  '//user:pass@example.org/',
  'http://localhost:3000@example.org/home',
  '//localhost@example.org',
  '@example.org',
  // Look-alike solidus and other non-ASCII.
  '/\uff0f/example.org',
  '/\uff0fexample.org',
  '\uff0f\uff0fexample.org',
  '/\u2215/example.org',
  '/\u2044example.org',
  '/\u3002example.org',
  // Not a path at all, or no known route.
  'example.org',
  '.example.org',
  '../example.org',
  '',
  '/nao-existe-nada-aqui',
  '/' + 'a'.repeat(9000),
];

/** The subset a URL parser resolves to a host other than the app's own (the dangerous core of the corpus). */
export function leavesOrigin(value: string, origin: string): boolean {
  try {
    return new URL(value, origin).origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}
