import { readStored } from "./storage.ts";

/**
 * The browser's way to call our API (customer-side §7): JSON bodies, the `token` from local storage
 * as a Bearer header, cookies included. A non-OK answer throws an ApiError whose message follows the
 * spec ("{status}: {body text}") and which also carries the server's JSON `message` when there is one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | undefined,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }
}

export const TOKEN_KEY = "token";

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    credentials: "include",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, text, messageOf(text), response.statusText);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's `message` from an error body, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

function messageOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text);
    return typeof parsed?.message === "string" ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** The session token sent with every call; null without one (or with storage blocked: cookies still go). */
export function storedToken(): string | null {
  return readStored(TOKEN_KEY);
}
