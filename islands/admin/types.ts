import type { AdminOrder, AdminOrderDetail } from "../../domain/admin/order_list.ts";

/** Which prompt version produced an order's lyrics and tags (version 0 is the default that ships). */
export type PromptVersions = NonNullable<AdminOrder["promptVersions"]>;

/** An order as the list answers it. */
export type ListedOrder = AdminOrder;

/** An order as `GET /api/admin/orders/{id}` answers it. */
export type DetailedOrder = AdminOrderDetail;

/** A button of an order's row (`RowActions`), which the list hands to `OrderManagement` to run. */
export type RowAction =
  | "approve"
  | "hold"
  | "send"
  | "resend"
  | "upload"
  | "preview"
  | "copyLyrics"
  | "regenerateLyrics"
  | "errorDetails"
  | "regenerateOrder"
  | "refund";

/** The call of an order under way, if any: a row action, a streaming status change or a review decision. */
export type OrderBusy = RowAction | "streaming" | "reject";

/** What both list layouts (table and cards) take. */
export interface OrderListViewProps {
  orders: ListedOrder[];
  busy: Record<string, OrderBusy | undefined>;
  onAction(action: RowAction, order: ListedOrder): void;
  onStreaming(order: ListedOrder, status: string): void;
  onOpen(order: ListedOrder): void;
  /** The keyboard's current row, marked on its row or card. */
  currentId: string | null;
  /** The bulk actions' tick boxes. */
  selection: RowSelection;
}

export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle(orderId: string): void;
  togglePage(): void;
}
