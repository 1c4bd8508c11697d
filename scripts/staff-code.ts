/**
 * `npm run staff:code <login>`: the six-digit code a sandbox staff member's authenticator shows
 * now (sandbox/fixtures/staff.json), to type at the sandbox's identity provider after the password.
 */
import { authenticatorOf, readStaffFile } from '../sandbox/src/identity-provider/accounts.js';

const login = process.argv[2];
const accounts = readStaffFile();
const account = accounts.find((a) => a.login === login);
if (!account) {
  console.error(`Uso: npm run staff:code <login>, com um de: ${accounts.map((a) => a.login).join(', ')}`);
  process.exit(1);
}
const totp = authenticatorOf(account);
const left = totp.period - (Math.floor(Date.now() / 1000) % totp.period);
console.log(`${totp.generate()} (vale por mais ${left} s; depois, rode de novo)`);
