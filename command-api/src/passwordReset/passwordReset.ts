import type { RecordedEvent, UserKind } from '@credit/events';

export const MAX_CODE_ATTEMPTS = 5;

/** One user's password reset: the code last sent (hashed), its expiry, and how often it was mistyped. */
export type PasswordReset =
  | { status: 'none' }
  | {
      status: 'awaiting_code' | 'locked';
      kind: UserKind;
      userId: number;
      codeHash: string;
      expiresAt: string;
      failedAttempts: number;
      /** Log position of the request: a password changed by reset after it means the code was used. */
      requestedAt: number;
    };

export const passwordResetStream = (kind: UserKind, userId: number): string => `password-reset-${kind}-${userId}`;

export const initialPasswordReset = (): PasswordReset => ({ status: 'none' });

export type PasswordResetEvent = Pick<RecordedEvent, 'type' | 'data' | 'position'>;

export function evolvePasswordReset(state: PasswordReset, event: PasswordResetEvent): PasswordReset {
  switch (event.type) {
    case 'PasswordResetRequested': {
      const data = event.data as { kind: UserKind; userId: number; codeHash: string; expiresAt: string };
      // A new request replaces the previous code and its attempt count.
      return { status: 'awaiting_code', ...data, failedAttempts: 0, requestedAt: event.position };
    }
    case 'PasswordResetCodeRejected': {
      if (state.status !== 'awaiting_code') return state;
      const failedAttempts = state.failedAttempts + 1;
      return { ...state, failedAttempts, status: failedAttempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'awaiting_code' };
    }
    default:
      return state;
  }
}
