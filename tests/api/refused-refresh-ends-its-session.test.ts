import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { useStack } from '../helpers/stack.js';

/**
 * When the back office refuses a session's refresh token (its life over, revoked, used twice), that
 * session ends with a security event an operator can alert on. The customer's other sessions keep
 * their own tokens: one refused token says nothing of the account, and a fault in one session must
 * not log the customer out everywhere (a token family revoked for one phone would end forty
 * sessions of a customer in the soak).
 */
const logs = capturedLogs();
const stack = useStack({}, { loggerInstance: logs.logger });

describe('a refresh the back office refuses', () => {
  it('ends the session that asked, logs session.revoked, and leaves ana’s other session to its own refresh', async () => {
    const phone = client(stack.baseUrl);
    const desk = client(stack.baseUrl);
    await phone.loginWithQuota('ana');
    await desk.loginWithQuota('ana');
    // Past the tokens' life: the next call of each session refreshes first; the back office refuses the phone's.
    await stack.sandbox.advanceClock(600);
    await stack.sandbox.clearCalls();
    logs.clear();
    await stack.sandbox.fault({ method: 'POST', path: 'login/refresh', status: 401, times: 1, body: { message: 'Token inválido.' } });

    expect((await phone.screen('/groups-and-quotas')).body).toMatchObject({ kind: 'redirect' });
    expect((await phone.screen('/groups-and-quotas')).body.screen).not.toBe('groups-and-quotas');
    // Her other session refreshes its own token and goes on.
    expect((await desk.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
    expect((await stack.sandbox.calls()).filter((c) => c.path === 'login/refresh')).toHaveLength(2);

    const revoked = logs.text().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'session.revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ category: 'security', event: 'session.revoked', reason: 'refresh-refused' });
    expect(revoked[0]?.subject).toEqual(expect.any(String));
  });
});
