/**
 * Browser storage that never throws: private modes and full quotas make it fail, and a page must
 * keep working without what it would have remembered. Local storage by default; session storage
 * for what belongs to one tab's visit.
 */
export type StorageArea = "local" | "session";

function area(which: StorageArea): Storage {
  return which === "local" ? localStorage : sessionStorage;
}

export function readStored(key: string, which: StorageArea = "local"): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

export function readStoredJson<T>(key: string, which: StorageArea = "local"): T | null {
  const text = readStored(key, which);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Stores `value`, or removes the key for null. */
export function writeStored(key: string, value: string | null, which: StorageArea = "local") {
  try {
    if (value === null) area(which).removeItem(key);
    else area(which).setItem(key, value);
  } catch {
    // Remembering is a convenience; the flow goes on without it.
  }
}
