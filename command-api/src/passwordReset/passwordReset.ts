import {
  isEventOf,
  passwordResetCodeRejected,
  passwordResetCodeVerified,
  passwordResetRequested,
  type EventOf,
  type RecordedEvent,
  type UserKind,
} from '@credit/events';

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

const passwordResetEvents = [passwordResetRequested, passwordResetCodeRejected, passwordResetCodeVerified];

/** The events of a `password-reset-<kind>-<id>` stream. */
export type PasswordResetEvent = EventOf<(typeof passwordResetEvents)[number]>;

export const isPasswordResetEvent = isEventOf(passwordResetEvents);

/** Reads the log position too: a password changed by reset after the request means its code was used. */
export function evolvePasswordReset(state: PasswordReset, event: PasswordResetEvent & Pick<RecordedEvent, 'position'>): PasswordReset {
  switch (event.type) {
    case 'PasswordResetRequested': {
      const { kind, userId, codeHash, expiresAt } = event.data;
      // A new request replaces the previous code and its attempt count.
      return { status: 'awaiting_code', kind, userId, codeHash, expiresAt, failedAttempts: 0, requestedAt: event.position };
    }
    case 'PasswordResetCodeRejected': {
      if (state.status !== 'awaiting_code') return state;
      const failedAttempts = state.failedAttempts + 1;
      return { ...state, failedAttempts, status: failedAttempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'awaiting_code' };
    }
    case 'PasswordResetCodeVerified':
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
