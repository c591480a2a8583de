import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { AlertCircleIcon, GiftIcon, SpinnerIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { buttonClass } from "../components/ui.ts";
import { greetingTitle, type OrderLinkGreeting } from "../domain/order/link_greeting.ts";
import type { SessionUser } from "../domain/account/users.ts";
import { api, ApiError, serverMessage } from "./lib/api.ts";
import { useLinkToken } from "./lib/link_token.ts";
import { saveSession } from "./lib/session.ts";
import { toast } from "./lib/toast.ts";

/** Customer-side §9: how long the welcome shows before the surprise. */
const SURPRISE_REDIRECT_MS = 1500;

export interface OpenOrderLinkProps {
  orderId: string;
}

interface MagicLinkAnswer {
  token: string;
  user: SessionUser;
  orderId: string;
  /** Decided by the server, which knows whom the link was sent to. */
  greeting: OrderLinkGreeting;
}

type State = { step: "opening" } | { step: "opened" } | { step: "failed"; message: string };

/**
 * The page a delivery email's link opens (customer-side §2, Magic link order page): signs the reader
 * in with the link's token, then takes them to the unboxing.
 */
export default function OpenOrderLink({ orderId }: OpenOrderLinkProps) {
  useSignals();
  const state = useSignal<State>({ step: "opening" });

  // The link stays valid (it is the family's way back to the song), but its token is still taken
  // out of the address bar.
  useLinkToken((token) => {
    if (!token) {
      state.value = { step: "failed", message: "Invalid magic link. Please check your email and try again." };
      return;
    }
    const path = `/api/auth/magic-link/${encodeURIComponent(orderId)}?t=${encodeURIComponent(token)}`;
    api<MagicLinkAnswer>("GET", path)
      .then((answer) => {
        saveSession(answer.token, answer.user);
        state.value = { step: "opened" };
        toast({
          title: greetingTitle(answer.greeting),
          description: "You've been signed in successfully. Redirecting to your surprise...",
        });
        setTimeout(
          () => location.assign(`/unboxing/${encodeURIComponent(answer.orderId)}`),
          SURPRISE_REDIRECT_MS,
        );
      })
      .catch((error) => {
        const message = error instanceof ApiError
          ? serverMessage(error) ?? "Failed to verify magic link"
          : "Something went wrong. Please try again later.";
        state.value = { step: "failed", message };
      });
  });

  const current = state.value;
  if (current.step === "failed") {
    return (
      <StatusPanel
        live
        icon={<AlertCircleIcon className="h-10 w-10 text-red-600" />}
        title="Oops! Something went wrong"
      >
        <p className="text-slate-600">{current.message}</p>
        <a href="/" className={buttonClass("primary")}>Go to Home</a>
      </StatusPanel>
    );
  }
  const icon = current.step === "opening"
    ? <SpinnerIcon className="h-10 w-10 text-violet-600" />
    : <GiftIcon className="h-10 w-10 text-violet-600 motion-safe:animate-bounce" />;
  return (
    <StatusPanel live icon={icon} title="Opening Your Surprise...">
      <p className="text-slate-600">
        {current.step === "opening" ? "Checking your private link." : "Here it comes!"}
      </p>
    </StatusPanel>
  );
}
