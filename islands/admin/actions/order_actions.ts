import { api } from "../../lib/api.ts";
import { copyText } from "../../lib/clipboard.ts";
import { toast } from "../../lib/toast.ts";
import { failureToast } from "./action_messages.ts";
import type { ListedOrder, OrderBusy } from "../types.ts";

/** What the order calls need from the dashboard. */
export interface OrderActionDeps {
  setBusy(orderId: string, busy: OrderBusy | null): void;
  /** The order as a call answered it, so an open dialog shows it before the list catches up. */
  changed(order: ListedOrder): void;
  /** Staff-side §7: lists are refreshed after every mutation. */
  reload(): Promise<void>;
}

interface OrderAnswer {
  message: string;
  order: ListedOrder;
}

interface SendAnswer extends OrderAnswer {
  sent: boolean;
}

const orderPath = (order: ListedOrder, action: string) =>
  `/api/admin/orders/${encodeURIComponent(order.id)}/${action}`;

/**
 * The list's one-click calls (staff-side §6, §7) with their toasts (§8). Each marks its order busy
 * while it runs, and answers whether it succeeded so a dialog that asked for it knows to close.
 */
export function orderActions({ setBusy, changed, reload }: OrderActionDeps) {
  async function run<T extends OrderAnswer>(
    order: ListedOrder,
    busy: OrderBusy,
    call: () => Promise<T>,
    onDone: (answer: T) => void,
    onFailure: (error: unknown) => void,
  ): Promise<boolean> {
    setBusy(order.id, busy);
    try {
      const answer = await call();
      changed(answer.order);
      onDone(answer);
      return true;
    } catch (error) {
      onFailure(error);
      return false;
    } finally {
      setBusy(order.id, null);
      reload();
    }
  }

  const sendToast = (answer: SendAnswer) =>
    toast(
      answer.sent ? { title: "Email sent!" } : { title: "Email not sent yet", description: answer.message },
    );

  return {
    approve: (order: ListedOrder) =>
      run(
        order,
        "approve",
        () => api<OrderAnswer>("POST", orderPath(order, "approve")),
        (answer) => toast({ title: "Song approved!", description: answer.message }),
        (error) => toast(failureToast("approve", error)),
      ),

    /** The song is made again from its lyrics; the reason stays on the order for staff. */
    reject: (order: ListedOrder, reason: string) =>
      run(
        order,
        "reject",
        () => api<OrderAnswer>("POST", orderPath(order, "reject"), { reason }),
        (answer) => toast({ title: "Song sent back", description: answer.message }),
        (error) => toast(failureToast("reject", error)),
      ),

    /** An approved song whose email has not gone returns to Review, its send cancelled. */
    hold: (order: ListedOrder) =>
      run(
        order,
        "hold",
        () => api<OrderAnswer>("POST", orderPath(order, "hold")),
        (answer) => toast({ title: "Song back in Review", description: answer.message }),
        (error) => toast(failureToast("hold", error)),
      ),

    /** 200: sent. 202: the mail server refused and the send is retried by itself (not an error). */
    sendNow: (order: ListedOrder) =>
      run(
        order,
        "send",
        // Before the family's day, the dialog asked about that day: the server holds the send to it.
        () =>
          api<SendAnswer>(
            "POST",
            orderPath(order, "send-now"),
            order.requestedDelivery ? { confirmedEarlyFor: order.requestedDelivery.at } : undefined,
          ),
        sendToast,
        (error) => toast(failureToast("send", error)),
      ),

    resend: (order: ListedOrder) =>
      run(
        order,
        "resend",
        () => api<SendAnswer>("POST", orderPath(order, "resend-email")),
        sendToast,
        (error) => toast(failureToast("resend", error)),
      ),

    setStreaming: (order: ListedOrder, streamingStatus: string) =>
      run(
        order,
        "streaming",
        () => api<OrderAnswer>("PATCH", orderPath(order, "streaming-status"), { streamingStatus }),
        () => toast({ title: "Status updated" }),
        (error) => toast(failureToast("streaming", error)),
      ),

    regenerate: (order: ListedOrder) =>
      run(
        order,
        "regenerateOrder",
        () => api<OrderAnswer>("POST", orderPath(order, "regenerate")),
        (answer) => toast({ title: "Regeneration started", description: answer.message }),
        (error) => toast(failureToast("regenerate", error)),
      ),

    refund: (order: ListedOrder) =>
      run(
        order,
        "refund",
        () => api<OrderAnswer>("POST", orderPath(order, "refund")),
        (answer) => toast({ title: "Payment refunded", description: answer.message }),
        (error) => toast(failureToast("refund", error)),
      ),

    async copyLyrics(order: ListedOrder) {
      if (order.songLyrics && await copyText(order.songLyrics)) toast({ title: "Lyrics copied" });
      else {toast({
          title: "Copy failed",
          description: "The lyrics could not be copied.",
          variant: "destructive",
        });}
    },
  };
}

export type OrderActions = ReturnType<typeof orderActions>;
