/**
 * `npm run build:server`: the server and the sandbox compiled to JavaScript under build/ (tsc with
 * tsconfig.build.json), then the data they read at run time beside them — screens/ (routes,
 * layouts, texts, flows), back-office/openapi.json and sandbox/fixtures/ — so `node build/server/src/main.js` runs without
 * TypeScript tooling (the production image does).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

rmSync('build', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
const data = (source: string) => !/\.tsx?$/.test(source);
cpSync('screens', 'build/screens', { recursive: true, filter: data });
cpSync('back-office', 'build/back-office', { recursive: true, filter: data });
cpSync('sandbox/fixtures', 'build/sandbox/fixtures', { recursive: true });
console.log('build/: server and sandbox compiled, screens/ and sandbox/fixtures/ copied');
