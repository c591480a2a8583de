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
  const token = readToken();
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

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage can be blocked (private modes); calls then go without a token
  }
}
