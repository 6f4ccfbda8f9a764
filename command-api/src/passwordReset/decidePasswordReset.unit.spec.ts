import { TooManyRequestsError, ValidationError } from '@credit/events';
import { CODE_EXPIRED, CODE_USED, decidePasswordReset, INVALID_CODE, rejectionOf, TOO_MANY_ATTEMPTS } from './decidePasswordReset';
import { evolvePasswordReset, initialPasswordReset, type PasswordReset, type PasswordResetEvent } from './passwordReset';
import { hashResetCode, newResetCode, resetCodeKey, resetCodeMatches } from './resetCodes';

const key = resetCodeKey('a-platform-secret-of-enough-length-for-tests');
const requested = (code: string, expiresAt = '2026-11-22T10:05:00.000Z'): PasswordResetEvent => ({
  type: 'PasswordResetRequested',
  data: { kind: 'institution', userId: 7, codeHash: hashResetCode(key, code), expiresAt },
});
const rejected: PasswordResetEvent = { type: 'PasswordResetCodeRejected', data: { kind: 'institution', userId: 7 } };
const given = (...events: PasswordResetEvent[]): PasswordReset =>
  events.reduce((state, event, index) => evolvePasswordReset(state, { ...event, position: index + 1 }), initialPasswordReset());
const check = (code: string, now = '2026-11-22T10:01:00.000Z', usedSinceRequest = false) =>
  ({ type: 'CheckResetCode', code, hashKey: key, now, usedSinceRequest }) as const;

describe('Password reset decider', () => {
  describe('When a reset is asked for', () => {
    it('should record the hashed code and its expiry, never the code', () => {
      const events = decidePasswordReset(
        {
          type: 'RequestPasswordReset',
          kind: 'admin',
          userId: 3,
          codeHash: hashResetCode(key, '123456'),
          expiresAt: '2026-01-01T00:05:00Z',
        },
        initialPasswordReset(),
      );
      expect(events).toHaveLength(1);
      expect(events[0].type).toBe('PasswordResetRequested');
      expect(JSON.stringify(events)).not.toContain('123456');
    });
  });

  describe('When a code is checked', () => {
    it('should verify the right code before it expires', () => {
      expect(decidePasswordReset(check('042042'), given(requested('042042')))).toEqual([
        { type: 'PasswordResetCodeVerified', data: { kind: 'institution', userId: 7 } },
      ]);
    });

    it('should reject a wrong code as an event, so the attempt counts', () => {
      expect(decidePasswordReset(check('111111'), given(requested('042042')))).toEqual([rejected]);
    });

    it('should refuse any code when none was asked for', () => {
      expect(() => decidePasswordReset(check('042042'), initialPasswordReset())).toThrow(new ValidationError(INVALID_CODE));
    });

    it('should refuse the right code once it has expired', () => {
      expect(() => decidePasswordReset(check('042042', '2026-11-22T10:05:00.000Z'), given(requested('042042')))).toThrow(
        new ValidationError(CODE_EXPIRED),
      );
    });

    it('should answer a reset that expired over a day ago as if none was asked for, whatever became of it', () => {
      const dayAfter = '2026-11-23T10:05:00.000Z';
      for (const state of [given(requested('123456')), given(requested('123456'), rejected, rejected, rejected, rejected, rejected)]) {
        expect(() => decidePasswordReset(check('123456', dayAfter, true), state)).toThrow(new ValidationError(INVALID_CODE));
      }
      expect(() => decidePasswordReset(check('123456', '2026-11-23T10:04:59.999Z'), given(requested('123456')))).toThrow(
        new ValidationError(CODE_EXPIRED),
      );
    });

    it('should refuse the right code once it has been used', () => {
      expect(() => decidePasswordReset(check('042042', undefined, true), given(requested('042042')))).toThrow(
        new ValidationError(CODE_USED),
      );
    });

    it('should refuse even the right code after five wrong ones', () => {
      const state = given(requested('042042'), rejected, rejected, rejected, rejected, rejected);
      expect(state.status).toBe('locked');
      expect(() => decidePasswordReset(check('042042'), state)).toThrow(new TooManyRequestsError(TOO_MANY_ATTEMPTS));
    });

    it('should answer the fifth wrong code with the attempt limit, and the ones before with invalid code', () => {
      expect(rejectionOf(given(requested('042042'), rejected, rejected, rejected))).toEqual(new ValidationError(INVALID_CODE));
      expect(rejectionOf(given(requested('042042'), rejected, rejected, rejected, rejected))).toEqual(
        new TooManyRequestsError(TOO_MANY_ATTEMPTS),
      );
    });
  });

  describe('When a new code is asked for', () => {
    it('should forget the previous code and its attempts', () => {
      const state = given(requested('042042'), rejected, rejected, rejected, rejected, rejected, requested('777777'));
      expect(state).toMatchObject({ status: 'awaiting_code', failedAttempts: 0 });
      expect(decidePasswordReset(check('042042'), state)).toEqual([rejected]);
      expect(decidePasswordReset(check('777777'), state)[0].type).toBe('PasswordResetCodeVerified');
    });
  });
});

describe('Reset codes', () => {
  it('should be six digits, hashed with a fresh salt each time, and match only the same code and key', () => {
    const code = newResetCode();
    expect(code).toMatch(/^\d{6}$/);
    const first = hashResetCode(key, code);
    expect(first).not.toBe(hashResetCode(key, code));
    expect(first).not.toContain(code);
    expect(resetCodeMatches(key, first, code)).toBe(true);
    expect(resetCodeMatches(key, first, code === '000000' ? '000001' : '000000')).toBe(false);
    expect(resetCodeMatches(resetCodeKey('another-secret'), first, code)).toBe(false);
    expect(resetCodeMatches(key, 'decoy', code)).toBe(false);
  });
});
