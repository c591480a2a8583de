import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { AlertCircleIcon, SpinnerIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { LINK_CLASS } from "../components/ui.ts";
import { track } from "./lib/analytics.ts";
import { api, ApiError, storedToken } from "./lib/api.ts";
import { readStoredJson, writeStored } from "./lib/storage.ts";
import { keepParentForNextOrder, LAST_CHILD_NAME_KEY, PENDING_ORDER_KEY } from "./order/storage.ts";
import { toast } from "./lib/toast.ts";
import { type CheckoutStatus, nothingCharged } from "../domain/order/checkout.ts";
import {
  orderAddressAfter,
  PAYMENT_FAILURES,
  PAYMENT_INCOMPLETE,
  PAYMENT_INCOMPLETE_WORDS,
  type PaymentFailure,
} from "./order/payment_notice.ts";

/** Customer-side §9. */
const PROGRESS_TEXTS = ["Verifying payment...", "Creating your order...", "Starting song creation..."];
const PROGRESS_STEP_MS = 1500;
const ERROR_REDIRECT_MS = 3000;

/** Why the return page stops: one of customer-side §8's errors, or a checkout that was never paid. */
type Stop = PaymentFailure | typeof PAYMENT_INCOMPLETE;

/** What the page and its toast say for each stop. */
function wordsOf(stop: Stop): { title: string; message: string } {
  return stop === PAYMENT_INCOMPLETE
    ? PAYMENT_INCOMPLETE_WORDS
    : { title: "Processing Error", message: PAYMENT_FAILURES[stop] };
}

class FlowError extends Error {
  constructor(readonly reason: Stop) {
    super(reason);
  }
}

interface VerifyAnswer {
  paid: boolean;
  /** Where the session stands at the provider (absent from an older server: then nothing is claimed). */
  status?: CheckoutStatus;
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
  const failure = useSignal<Stop | null>(null);
  const started = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => {
      // A failed payment stays failed: the progress stops where it was, and the error takes its place.
      if (failure.value) clearInterval(timer);
      else step.value = (step.value + 1) % PROGRESS_TEXTS.length;
    }, PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (reason: Stop) => {
      failure.value = reason;
      if (reason === "unpaid" || reason === PAYMENT_INCOMPLETE) track("Payment Failed", { reason });
      const words = wordsOf(reason);
      // Nothing went wrong with money when nothing was charged: no alarm then.
      const variant = reason === PAYMENT_INCOMPLETE ? "default" : "destructive";
      toast({ title: words.title, description: words.message, variant });
      // The form keeps what was typed and repeats the message (islands/order/payment_notice.ts).
      setTimeout(() => location.assign(orderAddressAfter(reason)), ERROR_REDIRECT_MS);
    };
    const params = new URLSearchParams(location.search);
    const sessionId = params.get("session_id");
    if (!sessionId) return fail("session");
    const guest = params.get("guest") === "true" || !storedToken();
    process(sessionId, guest ? "/api/guest" : "/api").catch((error) => {
      fail(error instanceof FlowError ? error.reason : "other");
    });
  }, []);

  if (failure.value) {
    const words = wordsOf(failure.value);
    return (
      <StatusPanel
        icon={
          <AlertCircleIcon
            className={`h-12 w-12 ${
              failure.value === PAYMENT_INCOMPLETE ? "text-violet-700" : "text-red-700"
            }`}
          />
        }
        title={words.title}
        data-payment-failure={failure.value}
      >
        <p className="text-lg text-slate-700">{words.message}</p>
        <p className="text-sm text-slate-600">
          Taking you back to{" "}
          <a href={orderAddressAfter(failure.value)} className={LINK_CLASS}>your order form</a>, where
          everything you typed is kept.
        </p>
      </StatusPanel>
    );
  }

  return (
    <StatusPanel
      live
      icon={<SpinnerIcon className="h-12 w-12 text-violet-600" />}
      title="Processing Your Order"
    >
      <p className="text-lg text-slate-600">{PROGRESS_TEXTS[step.value]}</p>
      <p className="text-sm text-slate-500">Please keep this page open; it only takes a moment.</p>
    </StatusPanel>
  );
}

async function process(sessionId: string, prefix: string) {
  const verified = await attempt(
    "verify",
    () => api<VerifyAnswer>("GET", `${prefix}/verify-payment/${encodeURIComponent(sessionId)}`),
  );
  if (!verified.paid) throw new FlowError(nothingCharged(verified) ? PAYMENT_INCOMPLETE : "unpaid");

  // Customer-side §5: the pending order must exist or be rebuildable from the payment's metadata.
  const pending = readStoredJson<Record<string, unknown>>(PENDING_ORDER_KEY);
  const childName = String(pending?.childName ?? verified.metadata.childName ?? "");
  const parentEmail = pending?.parentEmail ?? verified.metadata.parentEmail ?? verified.customerEmail;
  if (!childName || !parentEmail) throw new FlowError("lost");

  const order = await attempt("order", () => api<{ id: string }>("POST", `${prefix}/orders`, { sessionId }));
  await attempt("generation", () => api("POST", `${prefix}/orders/${order.id}/start-generation`));
  // Paid for: the next visit to /order starts from a fresh child, for the same parent.
  writeStored(PENDING_ORDER_KEY, null);
  keepParentForNextOrder({
    parentName: pending?.parentName ?? verified.metadata.parentName,
    parentEmail,
  });
  writeStored(LAST_CHILD_NAME_KEY, childName);
  location.assign(`/order-processing/${order.id}?name=${encodeURIComponent(childName)}`);
}

async function attempt<T>(reason: PaymentFailure, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // The server says the order data is gone: that is the spec's own "lost" case, not a crash.
    if (error instanceof ApiError && error.status === 404 && reason === "order") throw new FlowError("lost");
    if (error instanceof ApiError && error.status === 402) throw new FlowError("unpaid");
    throw new FlowError(reason);
  }
}
