import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { SpinnerIcon } from "../components/icons.tsx";
import { track } from "./lib/analytics.ts";
import { api, ApiError } from "./lib/api.ts";
import { readStored, readStoredJson, writeStored } from "./lib/storage.ts";
import { DRAFT_KEY, LAST_CHILD_NAME_KEY, PENDING_ORDER_KEY } from "./order/storage.ts";
import { toast } from "./lib/toast.ts";

/** Customer-side §9. */
export const PROGRESS_TEXTS = ["Verifying payment...", "Creating your order...", "Starting song creation..."];
const PROGRESS_STEP_MS = 1500;
const ERROR_REDIRECT_MS = 3000;

/** Customer-side §8, payment processing. */
const FAILURES = {
  lost: "Your order information was lost. Please try placing your order again.",
  unpaid: "Payment was not confirmed. Please check with your bank and contact support if you were charged.",
  verify: "Unable to verify your payment status. Please contact support for assistance.",
  order: "Payment successful but order creation failed. Please contact support immediately.",
  generation: "Payment and order successful but song generation failed. Please contact support.",
  other: "There was an issue processing your payment. Please contact support if you were charged.",
} as const;

class FlowError extends Error {
  constructor(readonly reason: keyof typeof FAILURES) {
    super(reason);
  }
}

interface VerifyAnswer {
  paid: boolean;
  metadata: Record<string, string>;
  customerEmail: string | null;
}

/**
 * The return from checkout (customer-side §2, §4): verify the payment, create the order, start the
 * song, then the processing page. The server makes the order exactly once however often this runs
 * (a reload, a second tab, the webhook first), so each step is safe to repeat.
 */
export default function PaymentProcessing() {
  useSignals();
  const step = useSignal(0);
  const started = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => {
      step.value = (step.value + 1) % PROGRESS_TEXTS.length;
    }, PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    const sessionId = params.get("session_id");
    if (!sessionId) {
      toast({
        title: "Error",
        description: "Invalid payment session. Please try again.",
        variant: "destructive",
      });
      setTimeout(() => location.assign("/order"), ERROR_REDIRECT_MS);
      return;
    }
    const guest = params.get("guest") === "true" || !readStored("token");
    process(sessionId, guest ? "/api/guest" : "/api").catch((error) => {
      const reason = error instanceof FlowError ? error.reason : "other";
      if (reason === "unpaid") track("Payment Failed", { reason });
      toast({ title: "Processing Error", description: FAILURES[reason], variant: "destructive" });
      setTimeout(() => location.assign("/order"), ERROR_REDIRECT_MS);
    });
  }, []);

  return (
    <div className="grid justify-items-center gap-4 text-center" aria-live="polite">
      <SpinnerIcon className="h-12 w-12 text-violet-600" />
      <h1 className="font-display text-3xl font-extrabold text-slate-900">Processing Your Order</h1>
      <p className="text-lg text-slate-600">{PROGRESS_TEXTS[step.value]}</p>
      <p className="text-sm text-slate-500">Please keep this page open; it only takes a moment.</p>
    </div>
  );
}

async function process(sessionId: string, prefix: string) {
  const verified = await attempt(
    "verify",
    () => api<VerifyAnswer>("GET", `${prefix}/verify-payment/${encodeURIComponent(sessionId)}`),
  );
  if (!verified.paid) throw new FlowError("unpaid");

  // Customer-side §5: the pending order must exist or be rebuildable from the payment's metadata.
  const pending = readStoredJson<Record<string, unknown>>(PENDING_ORDER_KEY);
  const childName = String(pending?.childName ?? verified.metadata.childName ?? "");
  const parentEmail = pending?.parentEmail ?? verified.metadata.parentEmail ?? verified.customerEmail;
  if (!childName || !parentEmail) throw new FlowError("lost");

  const order = await attempt("order", () => api<{ id: string }>("POST", `${prefix}/orders`, { sessionId }));
  await attempt("generation", () => api("POST", `${prefix}/orders/${order.id}/start-generation`));
  // Paid for: the next visit to /order starts from an empty form.
  writeStored(PENDING_ORDER_KEY, null);
  writeStored(DRAFT_KEY, null, "session");
  writeStored(LAST_CHILD_NAME_KEY, childName);
  location.assign(`/order-processing/${order.id}?name=${encodeURIComponent(childName)}`);
}

async function attempt<T>(reason: keyof typeof FAILURES, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // The server says the order data is gone: that is the spec's own "lost" case, not a crash.
    if (error instanceof ApiError && error.status === 404 && reason === "order") throw new FlowError("lost");
    if (error instanceof ApiError && error.status === 402) throw new FlowError("unpaid");
    throw new FlowError(reason);
  }
}
