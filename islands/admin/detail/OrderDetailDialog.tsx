import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { CloseButton, Dialog } from "../../lib/Dialog.tsx";
import { RowActions } from "../actions/RowActions.tsx";
import { statusView } from "../status.ts";
import { TabList, TabPanel } from "../Tabs.tsx";
import type { ListedOrder, OrderBusy, RowAction } from "../types.ts";
import { ChildInfoTab } from "./ChildInfoTab.tsx";
import { DetailsTab } from "./DetailsTab.tsx";
import { SongInfoTab } from "./SongInfoTab.tsx";
import { TechnicalTab } from "./TechnicalTab.tsx";
import { useOrderDetail } from "./use_order_detail.ts";

export interface OrderDetailDialogProps {
  /** The freshest copy the dashboard has (the list refreshes every 10 s). */
  order: ListedOrder;
  onClose(): void;
  /** An edit here changed the order: the dashboard keeps the answer and refreshes the list. */
  onChanged(order: ListedOrder): void;
  /** The order's call under way, if any (started here or on its row). */
  busy: OrderBusy | null;
  /** The row's buttons, offered here too, run as on the row. */
  onAction(action: RowAction, order: ListedOrder): void;
}

const TABS = [
  { key: "details", label: "Details" },
  { key: "child", label: "Child Info" },
  { key: "song", label: "Song Info" },
  { key: "technical", label: "Technical" },
] as const;
type DetailTab = (typeof TABS)[number]["key"];

const ID_BASE = "order-detail";

/** Staff-side §2, Order Detail: every field of the order as the admin reads it, in four tabs. */
export function OrderDetailDialog({ order, onClose, onChanged, busy, onAction }: OrderDetailDialogProps) {
  useSignals();
  const tab = useSignal<DetailTab>("details");
  const { detail, failed, reload } = useOrderDetail(order);
  // The list's copy is the freshest for the order's own fields; the detail call adds the rest.
  const withDetail = detail.value ? { ...detail.value, ...order } : null;

  return (
    <Dialog
      title={`Order #${order.orderNumber}`}
      description={`${order.childName}'s song · ${statusView(order).label}`}
      onClose={onClose}
      size="xl"
    >
      <div className="grid gap-4">
        {/* The same buttons as the order's row, from the same rules (domain/admin/row_actions.ts). */}
        <section aria-label="Order actions" data-detail-actions="">
          <RowActions order={order} busy={busy} onAction={onAction} layout="full" />
        </section>
        <TabList
          label="Order details"
          idBase={ID_BASE}
          items={TABS}
          selected={tab.value}
          onSelect={(key) => (tab.value = key)}
          className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1 sm:grid-cols-4"
          tabClass={(selected) =>
            `min-h-[44px] rounded-xl px-3 text-sm font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 ${
              selected ? "bg-white text-violet-800 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
        />
        <TabPanel
          idBase={ID_BASE}
          tab={tab.value}
          tabIndex={0}
          className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          {tab.value === "details" && <DetailsTab order={order} onChanged={onChanged} />}
          {tab.value === "child" && <ChildInfoTab order={order} />}
          {tab.value === "song" && <SongInfoTab order={order} />}
          {tab.value === "technical" && (
            <TechnicalTab order={order} detail={withDetail} detailFailed={failed.value} onRetry={reload} />
          )}
        </TabPanel>
        {/* Long tabs scroll inside the dialog; the way out stays in reach, on a phone too. */}
        <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end border-t border-slate-200 bg-white px-6 py-3">
          <CloseButton onClose={onClose} />
        </div>
      </div>
    </Dialog>
  );
}
