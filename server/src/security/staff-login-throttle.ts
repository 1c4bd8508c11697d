import { counterKey, type Counters } from '../storage/counters.js';

/** Console logins: the staff password guards publishing, so wrong guesses are bounded like the customers'. */
export const STAFF_LOGIN_LIMITS = {
  /** Tries per staff login in the window (a right password forgets them). */
  perLogin: 5,
  /** Wrong passwords per client address in the window, whichever login. */
  perAddress: 20,
  windowSeconds: 15 * 60,
} as const;

export const STAFF_LOGIN_TOO_MANY = 'Muitas tentativas de entrar no console. Aguarde 15 minutos e tente de novo.';

const hashed = (kind: string, value: string) => counterKey('ops-login', kind, value);

/** Staff login tries, on the counters every instance shares (Redis, else the database). */
export class StaffLoginThrottle {
  constructor(private readonly counters: Counters) {}

  /**
   * Counts the try of a login before its password is checked, so that tries sent at once (many
   * browsers, many instances) are counted before any of them is checked: false past the login's
   * tries or the address's wrong passwords.
   */
  async reserve(login: string, address: string): Promise<boolean> {
    const [perLogin, perAddress] = await Promise.all([
      this.counters.hit(hashed('login', login), STAFF_LOGIN_LIMITS.windowSeconds),
      this.counters.count(hashed('address', address)),
    ]);
    return perLogin <= STAFF_LOGIN_LIMITS.perLogin && perAddress < STAFF_LOGIN_LIMITS.perAddress;
  }

  /** A wrong password: the address counts it (right ones never do, so an office behind one address is not locked out). */
  async failed(address: string): Promise<void> {
    await this.counters.hit(hashed('address', address), STAFF_LOGIN_LIMITS.windowSeconds);
  }

  async succeeded(login: string): Promise<void> {
    await this.counters.reset(hashed('login', login));
  }
}
