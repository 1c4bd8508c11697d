/**
 * The read-only drift check against a live back office (docs/go-live.md):
 *   npm run upstream:check -- --url <origin> --document <cpf> --password <senha> [--partner 1]
 *     [--domain app.parceiro.com.br] [--base-path /app-cliente/v1] [--record <dir>]
 * Client credentials come from UPSTREAM_CLIENT_ID / UPSTREAM_CLIENT_SECRET (as the server's).
 * Exit status: 0 when every reached call answered by the contract, 1 on any drift or failure,
 * 2 when the command itself was used wrongly.
 */
import { parseArgs } from 'node:util';
import { checkUpstream, formatReport } from './upstream-check/check.js';
import { writeRecording } from './upstream-check/record.js';

const usage = 'uso: npm run upstream:check -- --url <origem> --document <cpf/cnpj> --password <senha> [--partner <id>] [--domain <domínio>] [--base-path /app-cliente/v1] [--record <pasta>]';
let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      url: { type: 'string' },
      document: { type: 'string' },
      password: { type: 'string' },
      partner: { type: 'string', default: '1' },
      domain: { type: 'string' },
      'base-path': { type: 'string', default: process.env.UPSTREAM_BASE_PATH ?? '/app-cliente/v1' },
      record: { type: 'string' },
    },
  });
}
try {
  args = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const { url, document, password, partner, domain, record } = args.values;
if (!url || !document || !password || !/^https?:\/\//.test(url) || !/^\d+$/.test(partner ?? '')) {
  console.error(usage);
  process.exit(2);
}

const report = await checkUpstream({
  url,
  basePath: args.values['base-path']!,
  clientId: process.env.UPSTREAM_CLIENT_ID ?? 'app-cliente-web',
  clientSecret: process.env.UPSTREAM_CLIENT_SECRET ?? 'sandbox-secret',
  partnerId: Number(partner),
  ...(domain ? { domain } : {}),
  document,
  password,
  appVersion: process.env.APP_VERSION ?? '0.1.0',
});
console.log(formatReport(report));
if (record) console.log(`\nRespostas gravadas (dados pessoais mascarados) em ${writeRecording(report, record, Number(partner))}`);
process.exit(report.failed ? 1 : 0);
