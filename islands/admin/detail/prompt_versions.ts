import type { PromptVersions } from "../types.ts";

/** 'v3', 'v0 (default)' for the prompt that ships, or null when the order did not record one. */
export function promptVersionText(versions: PromptVersions | null | undefined, kind: keyof PromptVersions) {
  const version = versions?.[kind];
  if (typeof version !== "number") return null;
  return version === 0 ? "v0 (default)" : `v${version}`;
}
