import { afterSignOut, sessionOf } from './signedOutSessions';

const at = '2026-11-22T10:00:00.000Z';
const now = Date.parse(at) / 1000;
const signOut = (data: { session?: string; sessionExpiresAt?: number }) => ({
  data: { kind: 'institution' as const, userId: 1, ...data },
  metadata: { occurredAt: at } as never,
});
const desk = sessionOf('desk-token');
const laptop = sessionOf('laptop-token');

describe('Ending sessions on sign-out', () => {
  it('should name a session by its token’s SHA-256, never by the token', () => {
    expect(desk).toMatch(/^[0-9a-f]{64}$/);
    expect(desk).not.toContain('desk-token');
    expect(desk).not.toBe(laptop);
  });

  it('should end the one session named by the sign-out, and keep the time of the last password change', () => {
    expect(afterSignOut({ sessionsValidAfter: 5 }, signOut({ session: desk, sessionExpiresAt: now + 60 }))).toEqual({
      sessionsValidAfter: 5,
      signedOutSessions: [{ session: desk, expiresAt: now + 60 }],
    });
  });

  it('should end every earlier session for a sign-out recorded before sessions were told apart', () => {
    const ended = [{ session: desk, expiresAt: now + 60 }];
    expect(afterSignOut({ signedOutSessions: ended }, signOut({}))).toEqual({
      signedOutSessions: ended,
      sessionsValidAfter: Date.parse(at),
    });
  });

  it('should forget signed-out sessions whose tokens have expired anyway', () => {
    const state = { signedOutSessions: [{ session: desk, expiresAt: now - 1 }] };
    expect(afterSignOut(state, signOut({ session: laptop, sessionExpiresAt: now + 3600 })).signedOutSessions).toEqual([
      { session: laptop, expiresAt: now + 3600 },
    ]);
  });
});
