import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with background networking off (the machine has no internet). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
    ],
  });
}
