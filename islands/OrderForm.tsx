import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FocusEvent, type FormEvent, useEffect, useRef } from "react";
import { SpinnerIcon } from "../components/icons.tsx";
import { buttonClass } from "../components/ui.ts";
import type { SessionUser } from "../domain/account/users.ts";
import { track } from "./lib/analytics.ts";
import { ApiError, serverMessage } from "./lib/api.ts";
import { toast } from "./lib/toast.ts";
import { changedBeforeHydration } from "./lib/changed_before_hydration.ts";
import { ConfirmDialog } from "./lib/ConfirmDialog.tsx";
import { fieldId, type FormBinding } from "./order/fields.tsx";
import { PriceSummary } from "./order/PriceSummary.tsx";
import { cleanedAddress, referralParam } from "./order/query.ts";
import { AboutYourChild, ContactInformation, SongCustomization } from "./order/sections.tsx";
import { type PaymentNotice, paymentNoticeOf } from "./order/payment_notice.ts";
import { PaymentNoticeBanner } from "./order/PaymentNoticeBanner.tsx";
import {
  forgetReferralCode,
  keepParentForNextOrder,
  loadDraft,
  loadReferralCode,
  loadUnpaidOrder,
  saveDraft,
  storedUserIsDemo,
} from "./order/storage.ts";
import { placeOrder, referralRefusal } from "./order/submit.ts";
import { browserTimeZone, isDeliveryRefusal } from "./order/delivery_time.ts";
import { buyerOf, checkReferralCode, codeForCheckout, type ReferralCheck } from "./order/referral_offer.ts";
import {
  completeness,
  DELIVERY_FIELD,
  emptyValues,
  type FieldName,
  type FormClock,
  type OrderValues,
  problemsOf,
  restoreValues,
  TEXT_FIELDS,
  withField,
} from "./order/values.ts";

export interface OrderFormProps {
  /** The signed-in user as the server saw it, or null. */
  user: SessionUser | null;
}

/** The field a focus event came from: its `name`, or "" for buttons and the like. */
const nameOf = (target: EventTarget) => (target instanceof Element && target.getAttribute("name")) || "";

/** Signed-in usernames are email addresses: a good first guess for where the song should go. */
const emailOf = (user: SessionUser | null) => (user?.username.includes("@") ? user.username : "");

/**
 * The /order form (customer-side §2, §4, §5, §7): the child, the song, the contact, a price summary,
 * then checkout (or, for demo users, the order itself). The draft lives in session storage so a
 * reload keeps what was typed; it is restored after hydration so server and client HTML agree. What
 * was typed before hydration (a slow phone, a quick parent) is kept over the draft.
 */
export default function OrderForm({ user }: OrderFormProps) {
  useSignals();
  const values = useSignal<OrderValues>(emptyValues(emailOf(user)));
  const errors = useSignal<ReadonlyMap<FieldName, string>>(new Map());
  const referralCode = useSignal<string | null>(null);
  const pending = useSignal(false);
  const refusal = useSignal<string | null>(null);
  const paymentNotice = useSignal<PaymentNotice | null>(null);
  const referral = useSignal<ReferralCheck | null>(null);
  const demo = useSignal(user?.isDemo === true);
  // The family's clock, known once in the browser; the server's page asks nothing of it (the form
  // opens on "as soon as it's ready", which needs no clock).
  const timeZone = useSignal("UTC");
  const formElement = useRef<HTMLFormElement>(null);
  const focused = useRef(new Set<string>());
  const completed = useRef(new Map<string, string>());
  // The latest check of the kept code: an answer for an older address never wins over it.
  const referralCheck = useRef<{ buyer: string | null } | null>(null);

  useEffect(() => {
    const url = new URL(location.href);
    const ref = referralParam(url.searchParams);
    if (ref.kind === "invalid") {
      toast({ title: "Invalid Referral Code", description: ref.message, variant: "destructive" });
    }
    paymentNotice.value = paymentNoticeOf(url.searchParams);
    const cleaned = cleanedAddress(url);
    if (cleaned) history.replaceState(history.state, "", cleaned);
    // The server kept the address's code for the visit (routes/middleware/referral_arrival.ts); the
    // address still counts where cookies are blocked.
    referralCode.value = ref.kind === "valid" ? ref.code : loadReferralCode();
    demo.value = isDemo();
    timeZone.value = browserTimeZone();
    const draft = paymentNotice.value ? loadUnpaidOrder(values.value) : loadDraft(values.value);
    const typed = changedBeforeHydration(formElement.current!);
    if (typed.size > 0) {
      const base = draft ?? values.value;
      values.value = restoreValues({ ...base, ...Object.fromEntries(typed) }, base);
      saveDraft(values.value);
    } else if (draft) values.value = draft;
    if (referralCode.value) judgeReferral(referralCode.value, buyerOf(values.value.parentEmail));
  }, []);

  useEffect(() => {
    // Back from the payment page, the browser may show this page from its memory, button still
    // pending: make the form usable again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) pending.value = false;
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, []);

  // The kept code is judged when the page opens, and again for each address the parent settles on,
  // so the total shown is the total charged and a code that is not theirs to use is said at once.
  const judgeReferral = async (code: string, buyer: string | null) => {
    const check = { buyer };
    referralCheck.current = check;
    if (!referral.value) referral.value = { kind: "checking", code };
    const judged = await checkReferralCode(code, buyer);
    if (check !== referralCheck.current) return;
    referral.value = judged;
    // A code that applies to nobody any more is forgotten; one refused for this address is kept, as
    // the address may still change.
    if (judged.kind === "refused" && judged.buyer === null) {
      forgetReferralCode();
      referralCode.value = null;
    }
  };

  /** After the email field is left: the kept code is checked again when the address changed. */
  const rejudgeReferral = () => {
    const buyer = buyerOf(values.value.parentEmail);
    if (referralCode.value && referralCheck.current?.buyer !== buyer) {
      judgeReferral(referralCode.value, buyer);
    }
  };

  const form: FormBinding = {
    values: values.value,
    errors: errors.value,
    set(field, value) {
      values.value = withField(values.value, field, value);
      saveDraft(values.value);
      if (errors.value.has(field)) {
        const next = new Map(errors.value);
        next.delete(field);
        errors.value = next;
      }
    },
  };

  // Focus and blur bubble to the form, so one pair of handlers tracks every field.
  const onFocus = (event: FocusEvent<HTMLFormElement>) => {
    const field = nameOf(event.target);
    if (!field || focused.current.has(field)) return;
    focused.current.add(field);
    track("Form Field Focused", { field });
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = nameOf(event.target);
    if (field === "parentEmail") rejudgeReferral();
    if (!(TEXT_FIELDS as readonly string[]).includes(field)) return;
    const value = values.value[field as keyof OrderValues];
    // Once per value: tabbing through a filled field again says nothing new.
    if (typeof value !== "string" || !value.trim() || completed.current.get(field) === value) return;
    completed.current.set(field, value);
    track("Form Field Completed", { field, completeness: completeness(values.value) });
  };

  // Customer-side §6: demo users skip payment. Local storage is the spec's source; the server's view
  // covers a session that only has the cookie.
  const isDemo = () => storedUserIsDemo() || user?.isDemo === true;

  // Read at each render and check: the first day the date box offers moves on with the clock.
  const clock = (): FormClock => ({ now: Date.now(), timeZone: timeZone.value });

  /** Marks the chosen day wrong with the server's words: its clock may disagree with this one. */
  const refuseDay = (message: string) => {
    errors.value = new Map([[DELIVERY_FIELD.date, message]]);
    toast({ title: "Choose Another Day", description: message, variant: "destructive" });
    document.getElementById(fieldId(DELIVERY_FIELD.date))?.focus();
  };

  const send = async (code: string | null) => {
    pending.value = true;
    const asDemo = isDemo();
    try {
      const next = await placeOrder(values.value, code, asDemo, timeZone.value);
      // A demo order exists now (the next starts with the same parent); a paid one keeps its draft
      // until payment, for a cancelled checkout.
      if (asDemo) keepParentForNextOrder(values.value);
      location.assign(next);
    } catch (error) {
      pending.value = false;
      const refused = referralRefusal(error);
      if (refused) {
        refusal.value = refused;
        return;
      }
      const message = serverMessage(error);
      if (error instanceof ApiError && error.status === 400 && isDeliveryRefusal(message)) {
        refuseDay(message!);
        return;
      }
      const fallback = asDemo
        ? "Failed to create order. Please try again."
        : "Failed to create checkout session. Please try again.";
      toast({ title: "Error", description: message ?? fallback, variant: "destructive" });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending.value) return;
    const problems = problemsOf(values.value, clock());
    errors.value = new Map(problems.map((problem) => [problem.field, problem.description]));
    if (problems.length > 0) {
      const [first] = problems;
      toast({ title: first.title, description: first.description, variant: "destructive" });
      document.getElementById(fieldId(first.field))?.focus();
      return;
    }
    track("Order Form Submitted", {
      completeness: completeness(values.value),
      includeStreaming: values.value.addStreamingServices,
      isGift: values.value.isGift,
      deliveryOnChosenDay: values.value.deliveryWhen === "chosen",
    });
    send(codeForCheckout(referralCode.value, referral.value, values.value.parentEmail));
  };

  const continueAtFullPrice = () => {
    refusal.value = null;
    forgetReferralCode();
    referralCode.value = null;
    referral.value = null;
    send(null);
  };

  return (
    <form
      ref={formElement}
      noValidate
      onSubmit={submit}
      onFocus={onFocus}
      onBlur={onBlur}
      aria-label="Song order"
      data-track-open="Order Started"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="grid min-w-0 gap-6">
        {paymentNotice.value && <PaymentNoticeBanner notice={paymentNotice.value} />}
        <AboutYourChild form={form} />
        <SongCustomization form={form} />
        <ContactInformation form={form} clock={clock()} />
      </div>
      <aside className="grid gap-5 rounded-2xl border border-violet-100 bg-violet-50 p-5 shadow-sm sm:p-6 lg:sticky lg:top-24">
        <PriceSummary
          includeStreaming={values.value.addStreamingServices}
          referral={referral.value}
          demo={demo.value}
        />
        <button type="submit" disabled={pending.value} className={`${buttonClass("success", "lg")} w-full`}>
          {pending.value && <SpinnerIcon className="h-5 w-5" />}
          {pending.value ? "Creating Your Order..." : "Create Your Song"}
        </button>
        <p className="text-center text-xs text-slate-600">
          {demo.value
            ? "Demo account: no payment needed."
            : "You'll pay securely on our payment provider's page."}
        </p>
      </aside>
      {refusal.value && (
        <ConfirmDialog
          title="Referral code not applied"
          message={refusal.value}
          confirmLabel="Continue at full price"
          cancelLabel="Cancel"
          onConfirm={continueAtFullPrice}
          onCancel={() => {
            refusal.value = null;
          }}
        />
      )}
    </form>
  );
}
