/**
 * Typed errors of the platform. Each carries the HTTP status it maps to, so the one error
 * middleware can answer `{ success: false, message }` without knowing where the error came from.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(message, 400, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have access to this resource') {
    super(message, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(message, 409, details);
  }
}

export class UnprocessableError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(message, 422, details);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(message, 429);
  }
}

export class TimeoutError extends DomainError {
  constructor(message: string) {
    super(message, 504);
  }
}

/** An append whose expected stream revision did not match: someone else wrote first. */
export class ConcurrencyError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `This record was changed by someone else in the meantime (stream ${streamId}: expected revision ${expected}, found ${actual}). Reload and try again.`,
    );
  }
}

/** A payload that does not match its event type's schema. */
export class EventSchemaError extends ValidationError {
  constructor(
    readonly eventType: string,
    reason: string,
  ) {
    super(`Invalid ${eventType} event: ${reason}`);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(message, 415);
  }
}
