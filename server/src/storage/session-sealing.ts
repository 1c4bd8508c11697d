import type { SealKeys } from './sealing.js';
import type { SessionData, UpstreamTokens } from './session-data.js';

/**
 * The secrets of a session that are sealed before its row is written and opened when it is read:
 * the back office's tokens (of the login and of the selected quota) and the current password held
 * between the two password-change screens. The rest of the session is not secret on its own.
 */
type Transform = (value: string) => string | null;

function tokens(t: UpstreamTokens, f: Transform): UpstreamTokens | null {
  const accessToken = f(t.accessToken);
  const refreshToken = f(t.refreshToken);
  return accessToken === null || refreshToken === null ? null : { ...t, accessToken, refreshToken };
}

/** The fields of `data` given (a whole session or a patch of some fields) with their secrets transformed; null when one does not open. */
function transform<T extends Partial<SessionData>>(data: T, f: Transform): T | null {
  const out: T = { ...data };
  if (data.tokens) {
    const t = tokens(data.tokens, f);
    if (!t) return null;
    out.tokens = t;
  }
  if (data.quota) {
    const t = tokens(data.quota.tokens, f);
    if (!t) return null;
    out.quota = { ...data.quota, tokens: t };
  }
  if (data.passwordChange) {
    const current = f(data.passwordChange.current);
    if (current === null) return null;
    out.passwordChange = { ...data.passwordChange, current };
  }
  return out;
}

export function sealSession<T extends Partial<SessionData>>(keys: SealKeys, id: string, data: T): T {
  return transform(data, (value) => keys.seal(value, id))!;
}

/** The session as the code uses it, or null when a secret is not sealed by a listed key (a key dropped, a row copied). */
export function openSession<T extends Partial<SessionData>>(keys: SealKeys, id: string, data: T): T | null {
  return transform(data, (value) => keys.open(value, id));
}
