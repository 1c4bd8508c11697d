import { join } from 'node:path';
import { readTexts, SCREENS_DIR } from '../../composition/definitions.js';
import { textFunction, type Texts } from '../../composition/template.js';

/** The console's texts (screens/texts/console.pt-BR.json), read once: every word a console page or answer shows. */
export const CONSOLE_TEXTS: Texts = readTexts(join(SCREENS_DIR, 'texts', 'console.pt-BR.json'));

/** The console's text `key`, its placeholders filled from `values`. */
export const consoleText = (key: string, values: unknown = {}): string => textFunction(CONSOLE_TEXTS, key)(values);
