import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import {
  AppError,
  BodyTimeoutError,
  PayloadTooLargeError,
  RateLimitError,
  ServerBusyError,
} from "../../domain/errors.ts";
import { MailDeliveryError } from "../../providers/mail/mod.ts";
import { PaymentProviderError } from "../../providers/payments/mod.ts";
import { ProviderCallError } from "../../providers/calls.ts";
import { classifyStatus } from "../../domain/generation/call_errors.ts";
import { serviceName } from "../../domain/generation/provider_calls.ts";
import { ErrorPage } from "../../components/pages/ErrorPage.tsx";
import { NotFoundPage } from "../../components/pages/NotFoundPage.tsx";
import type { AppEnv } from "../request_context.ts";
import { renderPage } from "../render.tsx";

/**
 * The one place errors become responses. API paths answer JSON `{ message }`; pages get an error
 * page. Known errors keep their status; anything else is a bug: logged, and answered with a 500
 * that reveals nothing.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  const { status, message } = describe(error);
  // An outage is worth one line for operators, not a stack trace that looks like a bug.
  if (status === 503) console.warn(`${c.req.method} ${c.req.path} unavailable: ${causeOf(error)}`);
  else if (status >= 500) console.error(`${c.req.method} ${c.req.path} failed:`, error);
  if ((error instanceof RateLimitError || error instanceof ServerBusyError) && error.retryAfterSeconds) {
    c.header("retry-after", String(error.retryAfterSeconds));
  }
  // A body refused before it was read in full may still be arriving: end the connection with the
  // answer rather than drain it (serve/guarded_server.ts honours this even while the client sends).
  if (
    error instanceof BodyTimeoutError || error instanceof PayloadTooLargeError ||
    error instanceof ServerBusyError
  ) {
    c.header("connection", "close");
  }
  if (wantsJson(c)) {
    return c.json(
      error instanceof AppError && error.code ? { message, code: error.code } : { message },
      status,
    );
  }
  return renderPage(c, <ErrorPage status={status} message={message} />, {
    title: status === 404 ? "Page Not Found" : "Something went wrong",
    status,
    noindex: true,
  });
}

export function handleNotFound(c: Context<AppEnv>) {
  if (wantsJson(c)) return c.json({ message: "Not found." }, 404);
  return renderPage(c, <NotFoundPage />, {
    title: "Page Not Found",
    status: 404,
    noindex: true,
    anonymousCacheKey: "not-found",
  });
}

type ErrorStatus = AppError["status"] | 500 | 503;

function describe(error: Error): { status: ErrorStatus; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  if (error instanceof HTTPException && error.status < 500) {
    // Hono raises these for bodies it cannot parse (e.g. malformed JSON) and similar client faults.
    return { status: error.status as ErrorStatus, message: error.message || "The request is not valid." };
  }
  if (error instanceof ServerBusyError) return { status: 503, message: error.message };
  // Outages of the services we call: not a bug and not the caller's fault; trying later may work.
  if (error instanceof MailDeliveryError) {
    return {
      status: 503,
      message: "We could not send the email just now. Please try again in a few minutes.",
    };
  }
  if (error instanceof PaymentProviderError) {
    return { status: 503, message: "We could not reach our payment provider. Please try again in a moment." };
  }
  if (error instanceof ProviderCallError) {
    const { title } = classifyStatus(error.call.httpStatus);
    const service = serviceName(error.call.provider);
    return {
      status: 503,
      message: `${service[0].toUpperCase()}${service.slice(1)} could not answer just now (${title}). ` +
        "Please try again in a few minutes.",
    };
  }
  if (error instanceof SyntaxError) return { status: 400, message: "The request body is not valid JSON." };
  return { status: 500, message: "Something went wrong on our side. Please try again." };
}

function wantsJson(c: Context) {
  return c.req.path.startsWith("/api/") || c.req.path === "/api";
}

function causeOf(error: Error): string {
  const cause = error.cause;
  return cause instanceof Error ? cause.message : error.message;
}
