import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { AlertCircleIcon, CheckCircleIcon, MailIcon, SpinnerIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { buttonClass } from "../components/ui.ts";
import type { SessionUser } from "../domain/account/users.ts";
import { track } from "./lib/analytics.ts";
import { api, ApiError, serverMessage } from "./lib/api.ts";
import { useLinkToken } from "./lib/link_token.ts";
import { saveSession } from "./lib/session.ts";
import { toast } from "./lib/toast.ts";

/** Customer-side §9: how long "Success!" shows before the dashboard. */
const SIGNED_IN_REDIRECT_MS = 1500;

type State =
  | { step: "verifying" }
  | { step: "confirming"; email: string; token: string; sending: boolean }
  | { step: "signed-in" }
  | { step: "failed"; message: string };

type VerifyResponse =
  | { token: string; user: SessionUser; message: string }
  /** The link was asked for in another browser: the reader says whether this address is theirs. */
  | { confirm: true; email: string; message: string };

/** The landing page of the emailed sign-in link (customer-side §2, /auth/verify). */
export default function VerifySignIn() {
  useSignals();
  const state = useSignal<State>({ step: "verifying" });

  // The token is spent on first use.
  useLinkToken((token) => {
    if (!token) {
      state.value = { step: "failed", message: "Invalid link. Please request a new sign-in link." };
      return;
    }
    api<VerifyResponse>("GET", `/api/auth/verify-magic-link?t=${encodeURIComponent(token)}`)
      .then((answer) => {
        if ("confirm" in answer) {
          state.value = { step: "confirming", email: answer.email, token, sending: false };
        } else signedIn(answer.token, answer.user);
      })
      .catch(failed);
  });

  const signedIn = (token: string, user: SessionUser) => {
    saveSession(token, user);
    track("Auth Verify", { outcome: "success" });
    state.value = { step: "signed-in" };
    toast({ title: "Welcome!", description: "You've been signed in successfully." });
    setTimeout(() => location.assign("/"), SIGNED_IN_REDIRECT_MS);
  };
  const failed = (error: unknown) => {
    const message = error instanceof ApiError
      ? serverMessage(error) ?? "Failed to verify link"
      : "Something went wrong. Please try again.";
    track("Auth Verify", { outcome: "failed", status: error instanceof ApiError ? error.status : 0 });
    state.value = { step: "failed", message };
  };
  const confirm = (token: string, email: string) => {
    state.value = { step: "confirming", email, token, sending: true };
    api<{ token: string; user: SessionUser }>("POST", "/api/auth/verify-magic-link", { t: token })
      .then((answer) => signedIn(answer.token, answer.user))
      .catch(failed);
  };

  const current = state.value;
  if (current.step === "verifying") {
    return (
      <StatusPanel
        live
        icon={<SpinnerIcon className="h-10 w-10 text-violet-600" />}
        title="Signing You In..."
      >
        <p className="text-slate-600">Checking your magic link.</p>
      </StatusPanel>
    );
  }
  if (current.step === "confirming") {
    return (
      <StatusPanel
        live
        icon={<MailIcon className="h-10 w-10 text-violet-600" />}
        title="Sign in as this address?"
      >
        <p className="max-w-md text-slate-600">
          This link signs you in as{" "}
          <strong className="break-all text-slate-900">{current.email}</strong>. It was asked for in another
          browser, so please check that this is your email address.
        </p>
        <button
          type="button"
          disabled={current.sending}
          onClick={() => confirm(current.token, current.email)}
          className={buttonClass("primary")}
        >
          {current.sending && <SpinnerIcon className="h-5 w-5" />}
          Continue as {current.email}
        </button>
        <a href="/login" className="text-sm font-medium text-violet-700 underline underline-offset-2">
          This isn't my address
        </a>
      </StatusPanel>
    );
  }
  if (current.step === "signed-in") {
    return (
      <StatusPanel live icon={<CheckCircleIcon className="h-10 w-10 text-green-600" />} title="Success!">
        <p className="text-slate-600">Redirecting you to your dashboard...</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel live icon={<AlertCircleIcon className="h-10 w-10 text-red-600" />} title="Sign In Failed">
      <p className="text-slate-600">{current.message}</p>
      <a href="/login" className={buttonClass("primary")}>Back to Login</a>
    </StatusPanel>
  );
}
