import { TooManyRequestsError, ValidationError, type DomainError, type UserKind } from '@credit/events';
import type { Decider } from '../commandHandling';
import { resetCodeMatches } from './resetCodes';
import {
  evolvePasswordReset,
  initialPasswordReset,
  isPasswordResetEvent,
  MAX_CODE_ATTEMPTS,
  type PasswordReset,
  type PasswordResetEvent,
} from './passwordReset';

export const INVALID_CODE = 'Invalid reset code';
export const CODE_EXPIRED = 'This reset code has expired. Please request a new one.';
export const CODE_USED = 'This reset code has already been used. Please request a new one.';
export const TOO_MANY_ATTEMPTS = 'Too many incorrect attempts: this reset code is no longer valid. Please request a new one.';

/**
 * A reset whose code expired this long ago is forgotten: it answers as if none had been asked for.
 * The decoys of unknown emails are forgotten after the same time, so both answer alike for ever.
 */
export const FORGOTTEN_AFTER_EXPIRY_MS = 24 * 60 * 60_000;

export type PasswordResetCommand =
  | { type: 'RequestPasswordReset'; kind: UserKind; userId: number; codeHash: string; expiresAt: string }
  /**
   * The code as typed, the key to hash it with, the time now, and whether the account's password
   * was already reset since the request (read from the account's stream by the handler).
   */
  | { type: 'CheckResetCode'; code: string; hashKey: string; now: string; usedSinceRequest: boolean };

export function decidePasswordReset(command: PasswordResetCommand, state: PasswordReset): PasswordResetEvent[] {
  switch (command.type) {
    case 'RequestPasswordReset': {
      const { kind, userId, codeHash, expiresAt } = command;
      return [{ type: 'PasswordResetRequested', data: { kind, userId, codeHash, expiresAt } }];
    }
    case 'CheckResetCode': {
      if (state.status === 'none') throw new ValidationError(INVALID_CODE);
      if (Date.parse(command.now) >= Date.parse(state.expiresAt) + FORGOTTEN_AFTER_EXPIRY_MS) throw new ValidationError(INVALID_CODE);
      if (command.usedSinceRequest) throw new ValidationError(CODE_USED);
      if (state.status === 'locked') throw new TooManyRequestsError(TOO_MANY_ATTEMPTS);
      if (Date.parse(command.now) >= Date.parse(state.expiresAt)) throw new ValidationError(CODE_EXPIRED);
      const data = { kind: state.kind, userId: state.userId };
      if (!resetCodeMatches(command.hashKey, state.codeHash, command.code)) return [{ type: 'PasswordResetCodeRejected', data }];
      return [{ type: 'PasswordResetCodeVerified', data }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The answer to a mistyped code, given the state before it: the last allowed attempt kills the code. */
export function rejectionOf(before: PasswordReset): DomainError {
  const failedAttempts = before.status === 'none' ? 1 : before.failedAttempts + 1;
  return failedAttempts >= MAX_CODE_ATTEMPTS ? new TooManyRequestsError(TOO_MANY_ATTEMPTS) : new ValidationError(INVALID_CODE);
}

export const passwordResetDecider: Decider<PasswordReset, PasswordResetCommand, PasswordResetEvent> = {
  isEvent: isPasswordResetEvent,
  initialState: initialPasswordReset,
  evolve: evolvePasswordReset,
  decide: decidePasswordReset,
};
