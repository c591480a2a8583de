import { adminActionsOf } from "../../../domain/admin/row_actions.ts";
import { allows } from "../../../domain/order/guards.ts";
import { formatCents } from "../../../domain/order/pricing.ts";
import { ConfirmDialog } from "../../lib/ConfirmDialog.tsx";
import { OrderDetailDialog } from "../detail/OrderDetailDialog.tsx";
import { ErrorDetailsDialog } from "../dialogs/ErrorDetailsDialog.tsx";
import { PreviewDialog, type PreviewReview } from "../review/PreviewDialog.tsx";
import { RegenerateLyricsDialog } from "../dialogs/RegenerateLyricsDialog.tsx";
import { UploadSongDialog } from "../dialogs/UploadSongDialog.tsx";
import type { OrderActions } from "./order_actions.ts";
import { sendNowWarning } from "../requested_date.ts";
import { BUSY_LABELS } from "./RowActions.tsx";
import { regenerateQuestion } from "./regenerate_words.ts";
import type { ListedOrder, OrderBusy, RowAction } from "../types.ts";

/** The dialogs that belong to one order; the order in it is refreshed with the list. */
export type OrderDialog =
  | "detail"
  | "upload"
  | "preview"
  | "regenerateLyrics"
  | "errorDetails"
  | "confirmSend"
  | "confirmRegenerate"
  | "confirmRefund";

export interface OrderDialogsProps {
  kind: OrderDialog;
  order: ListedOrder;
  busy: OrderBusy | null;
  actions: OrderActions;
  open(kind: OrderDialog, order: ListedOrder): void;
  close(): void;
  /** A dialog's call answered with a newer order. */
  changed(order: ListedOrder): void;
  /** A row's button pressed in a dialog (Order Detail offers the row's actions): as on the row. */
  onAction(action: RowAction, order: ListedOrder): void;
  /** The preview's decisions. */
  review: PreviewReview;
}

export function OrderDialogs(
  { kind, order, busy, actions, open, close, changed, onAction, review }: OrderDialogsProps,
) {
  /** The song dialogs leave closing to us once their call has succeeded. */
  const done = (answer: ListedOrder) => {
    changed(answer);
    close();
  };
  switch (kind) {
    case "detail":
      return (
        <OrderDetailDialog
          order={order}
          busy={busy}
          onAction={onAction}
          onClose={close}
          onChanged={changed}
        />
      );
    case "upload":
      return <UploadSongDialog order={order} onClose={close} onUploaded={done} />;
    case "preview":
      return <PreviewDialog order={order} onClose={close} onChanged={changed} review={review} />;
    case "regenerateLyrics":
      return <RegenerateLyricsDialog order={order} onClose={close} onRegenerated={done} />;
    case "errorDetails":
      return (
        <ErrorDetailsDialog
          order={order}
          onClose={close}
          onUpload={allows(order, "upload") ? () => open("upload", order) : undefined}
          onRegenerate={allows(order, "regenerateOrder") ? () => open("confirmRegenerate", order) : undefined}
        />
      );
    case "confirmSend":
      return <ConfirmSend order={order} busy={busy} actions={actions} close={close} />;
    case "confirmRegenerate":
      return <ConfirmRegenerate order={order} busy={busy} actions={actions} close={close} />;
    case "confirmRefund":
      return <ConfirmRefund order={order} busy={busy} actions={actions} close={close} />;
  }
}

interface ConfirmProps {
  order: ListedOrder;
  busy: OrderBusy | null;
  actions: OrderActions;
  close(): void;
}

/**
 * Staff-side §2, Confirm Send Song: the customer gets an email at once, so it is asked first. When the
 * family chose a moment still ahead, the question names it: sending now comes early.
 */
function ConfirmSend({ order, busy, actions, close }: ConfirmProps) {
  const label = adminActionsOf(order).send ?? "Send Song";
  const gift = order.isGift && order.giftRecipientEmail && order.giftRecipientEmail !== order.parentEmail;
  const to = gift ? `${order.giftRecipientEmail} (with a copy to ${order.parentEmail})` : order.parentEmail;
  const early = sendNowWarning(order, Date.now());
  return (
    <ConfirmDialog
      title="Confirm Send Song"
      message={early
        ? `${early} The email with ${order.childName}'s song link goes to ${to} immediately.`
        : `Send ${order.childName}'s song to ${to} now? The email with the song link goes out immediately.`}
      confirmLabel={label}
      cancelLabel="Cancel"
      busyLabel={busy === "send" ? BUSY_LABELS.send : null}
      onCancel={close}
      onConfirm={async () => {
        await actions.sendNow(order);
        close();
      }}
    />
  );
}

/** The whole payment of a flagged order goes back to the card; asked first, as it cannot be undone. */
function ConfirmRefund({ order, busy, actions, close }: ConfirmProps) {
  const amount = formatCents(order.totalPrice);
  return (
    <ConfirmDialog
      title="Refund Payment"
      message={`${
        order.discountReview?.detail ?? ""
      } Refund $${amount} to the card that paid for order #${order.orderNumber}? ` +
        `This cannot be undone; the order itself stays.`}
      confirmLabel={`Refund $${amount}`}
      cancelLabel="Cancel"
      busyLabel={busy === "refund" ? BUSY_LABELS.refund : null}
      onCancel={close}
      onConfirm={async () => {
        await actions.refund(order);
        close();
      }}
    />
  );
}

/**
 * Regenerate (whole order): a failed order restarts at the stage the server will restart it at, a
 * finished one gets a new song; the words are regenerate_words.ts's, as the bulk question's are.
 */
function ConfirmRegenerate({ order, busy, actions, close }: ConfirmProps) {
  return (
    <ConfirmDialog
      title="Regenerate Song"
      message={regenerateQuestion(order)}
      confirmLabel="Regenerate"
      cancelLabel="Cancel"
      busyLabel={busy === "regenerateOrder" ? BUSY_LABELS.regenerateOrder : null}
      onCancel={close}
      onConfirm={async () => {
        await actions.regenerate(order);
        close();
      }}
    />
  );
}
