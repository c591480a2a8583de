/**
 * Typed errors. Code anywhere throws these; one mapper (routes/middleware/errors.tsx) turns them
 * into a status code and a JSON `{ message }` for the API or an error page for pages.
 */
export class AppError extends Error {
  readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 408 | 409 | 410 | 413 | 415 | 422 | 429;
  /** A stable machine-readable reason, sent as `code` beside `message` when a client must branch on it. */
  readonly code?: string;
  constructor(status: AppError["status"], message: string, options?: ErrorOptions & { code?: string }) {
    super(message, options);
    this.status = status;
    this.code = options?.code;
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = "The request is not valid.") {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(401, message);
  }
}

export class PaymentRequiredError extends AppError {
  constructor(message = "Payment has not been completed.") {
    super(402, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You do not have access to this.") {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Something that existed and was deliberately turned off (a revoked link). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = "The request is too large.") {
    super(413, message);
  }
}

/** A request body that did not arrive in time: the connection is dropped with the answer. */
export class BodyTimeoutError extends AppError {
  constructor(message = "The request took too long to arrive. Please try again.") {
    super(408, message);
  }
}

/**
 * The server is holding as many unfinished request bodies as it allows: not the caller's fault,
 * and trying again shortly will work (sent as 503 with Retry-After).
 */
export class ServerBusyError extends Error {
  readonly retryAfterSeconds = 5;
  constructor(message = "We're very busy right now. Please try again in a few seconds.") {
    super(message);
    this.name = "ServerBusyError";
  }
}

export class RateLimitError extends AppError {
  constructor(
    message = "Too many requests. Please wait a few minutes and try again.",
    /** Sent as Retry-After so well-behaved clients know when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** A referral code that cannot be used; the client offers to go on at full price. */
export class ReferralRefusedError extends AppError {
  constructor(message: string) {
    super(422, message, { code: "referral_refused" });
  }
}

/** A start-up problem (configuration, storage) that must stop the process with one clear line. */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
  }
}
