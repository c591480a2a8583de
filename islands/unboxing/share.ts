import type { ToastInput } from "../lib/toast.ts";

/**
 * Sharing the reveal (customer-side §2 and §8): the device's own share sheet where there is one,
 * otherwise the link is copied. Written against injected `share` and `copy` so the rules can be
 * tested without a browser.
 */
export interface ShareTools {
  /** `navigator.share`, when the device has it. */
  share?: (data: ShareData) => Promise<void>;
  /** Resolves false when the text could not be copied. */
  copy: (text: string) => Promise<boolean>;
}

export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

export function songShareData(childName: string, url: string): ShareData {
  return {
    title: `${childName}'s Personalized Song`,
    text: `Come and listen to the special song made just for ${childName}!`,
    url,
  };
}

export async function shareSong(data: ShareData, tools: ShareTools): Promise<ShareOutcome> {
  if (tools.share) {
    try {
      await tools.share(data);
      return "shared";
    } catch (error) {
      // The person closed the share sheet: they changed their mind, nothing went wrong.
      if (isAbort(error)) return "cancelled";
      // Any other refusal (not allowed here, no share target) still leaves copying the link.
    }
  }
  return await tools.copy(data.url ?? "") ? "copied" : "failed";
}

/** The toast each outcome shows; a cancelled share is silent. */
export const SHARE_TOASTS: Record<ShareOutcome, ToastInput | null> = {
  shared: { title: "Shared Successfully!", description: "Thanks for sharing the magic!" },
  cancelled: null,
  copied: { title: "Link Copied!", description: "Share link copied to clipboard" },
  failed: {
    title: "Unable to share",
    description: "Please copy the link manually from the address bar",
    variant: "destructive",
  },
};

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}
