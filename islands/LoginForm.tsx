import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useRef } from "react";
import { MailIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { buttonClass, INPUT_CLASS } from "../components/ui.ts";
import { api, ApiError, serverMessage } from "./lib/api.ts";
import { toast } from "./lib/toast.ts";
import { changedBeforeHydration } from "./lib/changed_before_hydration.ts";

/** The /login form: ask for a magic link, then confirm where it was sent (customer-side §2, §4). */
export default function LoginForm() {
  useSignals();
  const email = useSignal("");
  const sentTo = useSignal<string | null>(null);
  const sending = useSignal(false);
  /** Why the server refused the address, shown under the field until it is changed. */
  const refusal = useSignal<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // An address typed before the form hydrated (or filled in by the browser) is the one to use.
  useEffect(() => {
    const typed = changedBeforeHydration(form.current!).get("email");
    if (typeof typed === "string") email.value = typed;
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.value.trim();
    if (!address) {
      toast({
        title: "Email required",
        description: "Please enter your email address.",
        variant: "destructive",
      });
      return;
    }
    sending.value = true;
    try {
      await api("POST", "/api/auth/request-magic-link", { email: address });
      sentTo.value = address;
      toast({ title: "Check your email!", description: "We've sent you a magic link to sign in." });
    } catch (error) {
      // A 400 is the address itself (the server checks it; one rule, one place): the parent can fix
      // it, so it is not "something went wrong" and its words stay beside the field.
      const refused = error instanceof ApiError && error.status === 400 ? serverMessage(error) : undefined;
      refusal.value = refused ?? null;
      toast({
        title: refused ? "That email address doesn't look right" : "Something went wrong",
        description: refused ?? serverMessage(error) ?? "Unable to send magic link. Please try again.",
        variant: "destructive",
      });
      if (refused) document.getElementById("login-email")?.focus();
    } finally {
      sending.value = false;
    }
  };

  if (sentTo.value) {
    return (
      <StatusPanel layout="section" icon={<MailIcon className="h-8 w-8" />} title="Check Your Email">
        <p className="text-slate-600">
          We sent a sign-in link to <strong className="text-slate-900">{sentTo.value}</strong>.
        </p>
        <p className="text-sm text-slate-500">The link expires in 15 minutes.</p>
        <button
          type="button"
          className={`${buttonClass("outline")} w-full`}
          onClick={() => (sentTo.value = null)}
        >
          Try a Different Email
        </button>
        <p className="text-sm text-slate-500">
          Can't find it? Check your spam or junk folder.
        </p>
      </StatusPanel>
    );
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-4">
      <label htmlFor="login-email" className="text-sm font-semibold text-slate-700">
        Email address
      </label>
      <input
        id="login-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email.value}
        onChange={(event) => {
          email.value = event.currentTarget.value;
          refusal.value = null;
        }}
        aria-invalid={refusal.value ? true : undefined}
        aria-describedby={refusal.value ? "login-email-error" : undefined}
        className={INPUT_CLASS}
      />
      {refusal.value && <p id="login-email-error" className="text-sm text-red-700">{refusal.value}</p>}
      <button type="submit" disabled={sending.value} className={buttonClass("primary", "lg")}>
        {sending.value ? "Sending..." : "Send Magic Link"}
      </button>
    </form>
  );
}
