import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { CheckCircleIcon, SparkleIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { buttonClass } from "../components/ui.ts";
import { api } from "./lib/api.ts";
import { copyText } from "./lib/clipboard.ts";
import { readStored } from "./lib/storage.ts";
import { LAST_CHILD_NAME_KEY } from "./order/storage.ts";
import { toast } from "./lib/toast.ts";
import { describeDeliveryTime, type RequestedDelivery } from "../domain/requested_delivery.ts";

/** Customer-side §9. */
const POLL_MS = 5000;
const REFERRAL_CARD_DELAY_MS = 1000;
const COPIED_RESET_MS = 2000;

export interface OrderProcessingProps {
  orderId: string;
  /** The `name` query parameter, when the address had one. */
  childName: string | null;
}

interface OrderAnswer {
  status: string;
  customerReferralCode: string | null;
  /** Only in the owner's view: a guest who paid reads the promise without it. */
  requestedDelivery?: RequestedDelivery | null;
}

/** The waiting page once an order exists (customer-side §2, order processing). */
export default function OrderProcessing({ orderId, childName }: OrderProcessingProps) {
  useSignals();
  const name = useSignal(childName ?? "your child");
  const referralCode = useSignal<string | null>(null);
  const requested = useSignal<RequestedDelivery | null>(null);
  const showCard = useSignal(false);
  const copied = useSignal(false);

  useEffect(() => {
    if (!childName) name.value = readStored(LAST_CHILD_NAME_KEY) || "your child";
    let stopped = false;
    const poll = async () => {
      try {
        const order = await api<OrderAnswer>("GET", `/api/orders/${encodeURIComponent(orderId)}`);
        referralCode.value = order.customerReferralCode;
        requested.value = order.requestedDelivery ?? null;
        if (order.status === "completed" || order.status === "failed") stopped = true;
      } catch {
        // A missed poll is retried on the next tick; the page has nothing to take back.
      }
    };
    poll();
    const timer = setInterval(() => stopped ? clearInterval(timer) : poll(), POLL_MS);
    const reveal = setTimeout(() => (showCard.value = true), REFERRAL_CARD_DELAY_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(reveal);
    };
  }, []);

  const copy = async () => {
    if (!referralCode.value) return;
    if (await copyText(referralCode.value)) {
      copied.value = true;
      toast({ title: "Copied!", description: "Referral code copied to clipboard" });
      setTimeout(() => (copied.value = false), COPIED_RESET_MS);
    }
  };

  return (
    <div className="grid gap-8 text-center">
      <StatusPanel
        layout="lead"
        icon={<SparkleIcon className="h-8 w-8 motion-safe:animate-pulse" />}
        title="Magic in Progress!"
      >
        <p className="text-lg text-slate-700">
          We're in the studio crafting {name.value === "your child" ? "your child's" : `${name.value}'s`}{" "}
          special song.
        </p>
        <p className="text-slate-600">
          {requested.value
            ? `Your song is being created. On ${
              describeDeliveryTime(requested.value, Date.now())
            }, you will receive an email with a unique link to hear your magical music.`
            : "Your song is being created. You will receive an email with a unique link to hear your magical music within 24 hours."}
        </p>
      </StatusPanel>

      {referralCode.value && (
        <section
          aria-labelledby="share-heading"
          className="grid gap-3 rounded-2xl border-2 border-dashed border-violet-300 bg-violet-50 p-6"
        >
          <h2 id="share-heading" className="font-display text-2xl font-bold text-violet-800">
            Share the Magic!
          </h2>
          {showCard.value && (
            <div className="grid gap-3" data-referral-card="">
              <p className="text-slate-700">
                Thank you for your purchase! Share this code with friends - they'll get 50% off their first
                order!
              </p>
              <div className="flex flex-wrap items-center justify-center gap-3">
                <code className="rounded-lg bg-white px-4 py-2 font-mono text-xl font-bold tracking-wider text-slate-900">
                  {referralCode.value}
                </code>
                <button
                  type="button"
                  onClick={copy}
                  aria-label={copied.value ? "Copied" : "Copy referral code"}
                  className={buttonClass("primary", "sm")}
                >
                  {copied.value ? <CheckCircleIcon className="h-5 w-5" /> : null}
                  {copied.value ? "Copied" : "Copy"}
                </button>
              </div>
              <p className="text-sm text-slate-600">Your friends save 50% on their magical song!</p>
            </div>
          )}
        </section>
      )}

      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass("primary")}>Finished</a>
        <a href="/order" className={buttonClass("outline")}>Create Another Song</a>
      </div>
    </div>
  );
}
