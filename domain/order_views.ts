import type { Order } from "./orders.ts";

/**
 * What each kind of reader may see of an order (ARCHITECTURE.md §7). Knowing an order's id grants
 * the public view only: what the reveal page and the order-processing page show, and nothing about
 * the people (no emails, parent name, prices or payment).
 */
export interface PublicOrderView {
  id: string;
  status: Order["status"];
  childName: string;
  childAge: string | null;
  childFriends: string;
  songStyle: string;
  songGenre: string;
  /** Meant to be shared with friends, so it is not personal data. */
  customerReferralCode: string | null;
  createdAt: string;
}

export function publicOrderView(order: Order): PublicOrderView {
  return {
    id: order.id,
    status: order.status,
    childName: firstName(order.childName),
    childAge: order.childAge ?? null,
    childFriends: order.childFriends,
    songStyle: order.songStyle,
    songGenre: order.songGenre,
    customerReferralCode: order.customerReferralCode,
    createdAt: order.createdAt,
  };
}

/**
 * The owner's and the admins' view: the whole order except how it was paid internally and the job
 * system's own bookkeeping (claims, leases' due times, the failure email's Message-ID).
 */
export function ownerOrderView(order: Order) {
  const {
    payment: _payment,
    stepClaim: _stepClaim,
    stageStartedAt: _stageStartedAt,
    stageRetries: _stageRetries,
    failureEmail: _failureEmail,
    failureEmailDueAt: _failureEmailDueAt,
    failureEmailAttempts: _failureEmailAttempts,
    songBlobId: _songBlobId,
    ...visible
  } = order;
  return visible;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}
