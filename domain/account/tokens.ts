/**
 * Secrets handed to a browser (sign-in links, sessions, order links): 32 bytes from the platform's
 * CSPRNG, base64url so they travel in URLs and headers unescaped. Only the SHA-256 of a token is
 * ever stored, so a leaked database cannot be replayed as a login.
 */
const TOKEN_BYTES = 32;

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return base64url(bytes);
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return hex(new Uint8Array(digest));
}

/** Lower-case hex of bytes (digests, random id tails). */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A few random bytes as hex: enough to keep ids made in the same millisecond apart. */
export function randomHex(byteCount = 4): string {
  return hex(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** Cheap shape check so junk never reaches storage: 32 bytes encode to exactly 43 base64url characters. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
