import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { CheckCircleIcon, MusicNoteIcon, SparkleIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { buttonClass } from "../components/ui.ts";
import { api } from "./lib/api.ts";
import { copyText } from "./lib/clipboard.ts";
import { readStored } from "./lib/storage.ts";
import { LAST_CHILD_NAME_KEY } from "./order/storage.ts";
import { toast } from "./lib/toast.ts";
import { type OrderPageFacts, orderPageView } from "./order_processing/page_words.ts";

/** Customer-side §9. */
const POLL_MS = 5000;
const REFERRAL_CARD_DELAY_MS = 1000;
const COPIED_RESET_MS = 2000;

export interface OrderProcessingProps {
  orderId: string;
  /** The `name` query parameter, when the address had one. */
  childName: string | null;
  /** Where the order stood when the server rendered the page (the public view's standing). */
  order: OrderPageFacts;
}

/**
 * The family's order page (customer-side §2, order processing), the confirmation email's "See Your
 * Order": it tells where the order stands at every stage, from the server's first render, and follows
 * it while open (polled every 5 s) until the song has arrived.
 */
export default function OrderProcessing({ orderId, childName, order }: OrderProcessingProps) {
  useSignals();
  const name = useSignal(childName ?? "your child");
  const facts = useSignal<OrderPageFacts>(order);
  const showCard = useSignal(false);
  const copied = useSignal(false);

  useEffect(() => {
    if (!childName) name.value = readStored(LAST_CHILD_NAME_KEY) || "your child";
    let stopped = orderPageView(orderId, order, name.value, Date.now()).settled;
    const poll = async () => {
      try {
        const answer = await api<OrderPageFacts>("GET", `/api/orders/${encodeURIComponent(orderId)}`);
        facts.value = answer;
        stopped = orderPageView(orderId, answer, name.value, Date.now()).settled;
      } catch {
        // A missed poll is retried on the next tick; the page has nothing to take back.
      }
    };
    if (!stopped) poll();
    const timer = setInterval(() => stopped ? clearInterval(timer) : poll(), POLL_MS);
    const reveal = setTimeout(() => (showCard.value = true), REFERRAL_CARD_DELAY_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(reveal);
    };
  }, []);

  const referralCode = facts.value.customerReferralCode;
  const view = orderPageView(orderId, facts.value, name.value, Date.now());

  const copy = async () => {
    if (!referralCode) return;
    if (await copyText(referralCode)) {
      copied.value = true;
      toast({ title: "Copied!", description: "Referral code copied to clipboard" });
      setTimeout(() => (copied.value = false), COPIED_RESET_MS);
    }
  };

  return (
    <div className="grid gap-8 text-center">
      <StatusPanel
        layout="lead"
        icon={view.settled
          ? <MusicNoteIcon className="h-8 w-8" />
          : <SparkleIcon className="h-8 w-8 motion-safe:animate-pulse" />}
        title={view.title}
        data-order-stage={view.badge}
      >
        <p className="flex flex-wrap items-center justify-center gap-2 text-slate-700">
          <span className="font-semibold">{view.orderLine}</span>
          <span className="rounded-full bg-violet-100 px-3 py-1 text-sm font-semibold text-violet-800">
            {view.badge}
          </span>
        </p>
        <div aria-live="polite" className="grid gap-2">
          {view.lead && <p className="text-lg text-slate-700">{view.lead}</p>}
          {view.step && <p className="font-semibold text-violet-800">{view.step}</p>}
          {view.arrival && <p className="font-semibold text-violet-800">{view.arrival}</p>}
          <p className="text-slate-600">{view.message}</p>
          {view.refund && <p className="text-slate-600">{view.refund}</p>}
        </div>
        {view.next && <a href={view.next.href} className={buttonClass("primary", "lg")}>{view.next.label}</a>}
      </StatusPanel>

      {referralCode && (
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
                  {referralCode}
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
        {/* One main way on: the song or the retry, when the page offers one. */}
        <a href="/" className={buttonClass(view.next ? "outline" : "primary")}>Finished</a>
        <a href="/order" className={buttonClass("outline")}>Create Another Song</a>
      </div>
    </div>
  );
}
