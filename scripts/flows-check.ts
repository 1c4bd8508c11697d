/**
 * `npm run flows:check [dir]`: the flow analyser over screens/flows (or another flows folder,
 * checked against the shipped route table and layouts). Prints the report; exits 1 on an error.
 */
import { resolve } from 'node:path';
import { analysisContext, loadScreens, SCREENS_DIR } from '../server/src/composition/definitions.js';
import { analyse, formatReport } from '../server/src/composition/flows/analyse.js';
import { parseBundle, readFlowFiles, textsFile } from '../server/src/composition/flows/bundle.js';
import { funnelProblems, readFunnels } from '../server/src/analytics/funnels.js';

const dir = process.argv[2] ? resolve(process.argv[2]) : resolve(SCREENS_DIR, 'flows');
try {
  const { routes, layouts, texts } = loadScreens(SCREENS_DIR);
  // The texts are checked with the flows: every text a layout or the server names exists, placeholders kept.
  const bundle = parseBundle({ ...readFlowFiles(dir), 'texts.json': textsFile(texts) });
  const report = analyse(bundle, analysisContext({ routes, layouts, texts }));
  console.log(formatReport(report));
  // The funnels the console draws name these definitions, routes and wizard steps.
  const funnels = funnelProblems(readFunnels(SCREENS_DIR), routes, bundle);
  console.log(funnels.length ? `Funis (screens/analytics/funnels.json):\n  - ${funnels.join('\n  - ')}` : 'Funis (screens/analytics/funnels.json): sem problemas.');
  process.exit(report.ok && funnels.length === 0 ? 0 : 1);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
