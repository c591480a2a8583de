/**
 * The few cookies a page may read (most of ours are HttpOnly). Like storage, reading never throws:
 * a sandboxed frame or blocked cookies leave the page working without what it would have read.
 */
export function readCookie(name: string): string | null {
  try {
    for (const pair of document.cookie.split(";")) {
      const at = pair.indexOf("=");
      if (at > 0 && pair.slice(0, at).trim() === name) return decodeURIComponent(pair.slice(at + 1).trim());
    }
  } catch {
    // Unreadable cookies read as none.
  }
  return null;
}

/** Removes a cookie the server set for the whole site (path `/`). */
export function forgetCookie(name: string) {
  try {
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    // Nothing to forget where cookies are blocked.
  }
}
