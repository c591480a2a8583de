import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { ShareIcon } from "../../components/icons.tsx";
import { copyText } from "../lib/clipboard.ts";
import { toast } from "../lib/toast.ts";
import { SHARE_TOASTS, shareSong, songShareData } from "./share.ts";

/** 'Share Your Hit!': the device's share sheet, or the link copied (customer-side §2, share). */
export function ShareButton({ childName }: { childName: string }) {
  useSignals();
  const busy = useSignal(false);

  const share = async () => {
    busy.value = true;
    try {
      const outcome = await shareSong(songShareData(childName, location.href), {
        share: typeof navigator.share === "function" ? (data) => navigator.share(data) : undefined,
        copy: copyText,
      });
      const message = SHARE_TOASTS[outcome];
      if (message) toast(message);
    } finally {
      busy.value = false;
    }
  };

  return (
    <button
      type="button"
      onClick={share}
      disabled={busy.value}
      className="inline-flex items-center justify-center gap-2 rounded-full bg-gradient-to-r from-pink-500 to-fuchsia-500 px-7 py-4 font-display text-xl font-extrabold text-white shadow-lg shadow-pink-200 transition hover:brightness-110 focus:outline-none focus-visible:ring-4 focus-visible:ring-pink-300 focus-visible:ring-offset-2 disabled:opacity-70"
    >
      <ShareIcon className="h-5 w-5" />
      Share Your Hit!
    </button>
  );
}
