import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { AlertCircleIcon, DownloadIcon, SpinnerIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import type { PreviewKeys, PreviewReview } from "../review/PreviewDialog.tsx";
import { BulkBar } from "../bulk/BulkBar.tsx";
import { FILTER_TABS_ID, FilterTabs } from "./FilterTabs.tsx";
import { listAfterChange } from "./list_counts.ts";
import { hasActiveFilters, listExportPath, narrowingCount, resetFilters, showTab } from "./list_query.ts";
import { ListNarrowing } from "./ListNarrowing.tsx";
import { orderActions } from "../actions/order_actions.ts";
import { OrderCards } from "./OrderCards.tsx";
import { type OrderDialog, OrderDialogs } from "../actions/OrderDialogs.tsx";
import { OrderTable } from "./OrderTable.tsx";
import { Pagination } from "./Pagination.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { ShortcutsDialog } from "../keyboard/ShortcutsDialog.tsx";
import { TabPanel } from "../Tabs.tsx";
import type { ListedOrder, OrderBusy, RowAction } from "../types.ts";
import { useBulk } from "../bulk/use_bulk.ts";
import { useCurrentRow } from "../keyboard/use_current_row.ts";
import { useOrderKeys } from "../keyboard/use_order_keys.ts";
import { useReviewFlow } from "../review/use_review_flow.ts";
import type { OrderListState } from "./use_order_list.ts";
import { disclosure } from "../../lib/disclosure.ts";

/** Row buttons that open a dialog rather than call the server at once. */
const DIALOG_OF: Partial<Record<RowAction, OrderDialog>> = {
  upload: "upload",
  send: "confirmSend",
  preview: "preview",
  regenerateLyrics: "regenerateLyrics",
  errorDetails: "errorDetails",
  regenerateOrder: "confirmRegenerate",
  refund: "confirmRefund",
};

const NARROWING_ID = "list-narrowing";

/** `b` unless `a` is strictly newer: a call's answer stands until the list has caught up with it. */
const newer = (a: ListedOrder, b: ListedOrder) => (Date.parse(a.updatedAt) > Date.parse(b.updatedAt) ? a : b);

/** Staff-side §2, Order Management: filter tabs, search, the list, paging and the order dialogs. */
export function OrderManagement({ state }: { state: OrderListState }) {
  useSignals();
  const busy = useSignal<Record<string, OrderBusy | undefined>>({});
  const dialog = useSignal<{ kind: OrderDialog; order: ListedOrder } | null>(null);
  const help = useSignal(false);
  /** Below lg the sort and narrowing fields fold away, open from the start when they narrow the list. */
  const narrowingOpen = useSignal(narrowingCount(state.query.value) > 0);
  const root = useRef<HTMLDivElement>(null);
  const previewKeys = useRef<PreviewKeys | null>(null);
  /** The order whose preview `r` opened: it opens asking why the song is rejected. */
  const rejectOnOpen = useRef<string | null>(null);
  const { query, list, failed, pending, change, reload } = state;
  const rows = useCurrentRow(() => list.value?.orders ?? []);
  const review = useReviewFlow(state);
  const bulk = useBulk({ orders: list.value?.orders ?? [], reload });

  // A call's answer is the order as it now stands: its row and an open dialog show it at once, so a
  // button the change ruled out (a second Approve) is gone before the list comes back, however slow.
  // The tab counts move with it, and the reload that follows confirms them.
  // Mutation answers carry the order without its events; each keeps the ones it has until the list's.
  const changed = (order: ListedOrder) => {
    const shown = list.value;
    const before = shown?.orders.find((row) => row.id === order.id) ??
      (dialog.value?.order.id === order.id ? dialog.value.order : null);
    if (shown && before) {
      const after = newer(before, { ...order, events: order.events ?? before.events });
      list.value = {
        ...listAfterChange(shown, before, after),
        orders: shown.orders.map((row) => row.id === order.id ? after : row),
      };
    }
    const open = dialog.value;
    if (open && open.order.id === order.id) {
      dialog.value = {
        ...open,
        order: newer(open.order, { ...order, events: order.events ?? open.order.events }),
      };
    }
    reload();
  };
  const actions = orderActions({
    setBusy: (id, value) => (busy.value = { ...busy.value, [id]: value ?? undefined }),
    changed,
    reload,
  });
  const openDialog = (kind: OrderDialog, order: ListedOrder) => {
    if (kind === "preview") {
      review.begin(order);
      rows.set(order);
    }
    dialog.value = { kind, order };
  };

  const onAction = (action: RowAction, order: ListedOrder) => {
    const kind = DIALOG_OF[action];
    if (kind) openDialog(kind, order);
    else if (action === "approve") actions.approve(order);
    else if (action === "hold") actions.hold(order);
    else if (action === "resend") actions.resend(order);
    else if (action === "copyLyrics") actions.copyLyrics(order);
  };

  useOrderKeys({
    shown: () => !!root.current && root.current.offsetParent !== null,
    orders: () => list.value?.orders ?? [],
    rows,
    preview: (order) => openDialog("preview", order),
    approve: (order) => !busy.value[order.id] && actions.approve(order),
    reject: (order) => {
      rejectOnOpen.current = order.id;
      openDialog("preview", order);
    },
    hold: (order) => !busy.value[order.id] && actions.hold(order),
    help: () => (help.value = true),
    previewKeys,
  });

  const previewReview: PreviewReview = {
    busy: dialog.value ? busy.value[dialog.value.order.id] ?? null : null,
    search: review.search.value,
    approve: actions.approve,
    reject: actions.reject,
    hold: actions.hold,
    startsRejecting(orderId) {
      const asked = rejectOnOpen.current === orderId;
      rejectOnOpen.current = null;
      return asked;
    },
    async next(from) {
      const found = await review.next(from);
      // Unless staff closed the preview while the next page was loading.
      if (!found || dialog.value?.kind !== "preview") return;
      dialog.value = { kind: "preview", order: found };
      rows.set(found);
    },
    keys: previewKeys,
  };

  const current = list.value;
  const open = dialog.value;
  // The order in an open dialog follows the list's refreshes (and the answers of calls made here).
  const openOrder = open &&
    newer(open.order, current?.orders.find((order) => order.id === open.order.id) ?? open.order);
  const view = {
    orders: current?.orders ?? [],
    busy: busy.value,
    onAction,
    onStreaming: actions.setStreaming,
    onOpen: (order: ListedOrder) => openDialog("detail", order),
    currentId: rows.current.value?.id ?? null,
    selection: { selected: bulk.selected.value, toggle: bulk.toggle, togglePage: bulk.togglePage },
  };

  // One column that may be narrower than the table (minmax(0, 1fr)): the table scrolls in its own box
  // rather than widening the page.
  return (
    <div ref={root} className="grid grid-cols-1 gap-4">
      {/* Tabs on a row of their own: seven, the search and Reset Filters overflow the page's 1,248 px. */}
      <div className="flex flex-col gap-3">
        <FilterTabs
          selected={query.value.filter}
          counts={current?.counts ?? null}
          onSelect={(filter) => change(showTab(query.value, filter))}
        />
        {/* One row at every width: on a phone the two buttons beside the search say one word each. */}
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-0 flex-1 lg:flex-none">
            <SearchBox value={query.value.q} onSearch={(q) => change({ q, page: 1 }, "replace")} />
          </div>
          {hasActiveFilters(query.value) && (
            <button
              type="button"
              onClick={() => change(resetFilters(query.value))}
              className={`${buttonClass("ghost", "sm")} min-h-[44px] whitespace-nowrap`}
            >
              Reset Filters
            </button>
          )}
          <div className="flex gap-2 lg:ml-auto">
            <button
              {...disclosure(narrowingOpen, NARROWING_ID)}
              className={`${buttonClass("outline", "sm")} min-h-[44px] whitespace-nowrap lg:hidden`}
            >
              <span className="sm:hidden">Narrow</span>
              <span className="hidden sm:inline">Sort and narrow</span>
              {narrowingCount(query.value) > 0 && ` (${narrowingCount(query.value)})`}
            </button>
            <a
              href={listExportPath(query.value)}
              download
              className={`${buttonClass("outline", "sm")} min-h-[44px] whitespace-nowrap`}
            >
              <DownloadIcon className="h-4 w-4 shrink-0" />
              <span className="sr-only sm:not-sr-only">Export CSV</span>
              <span aria-hidden="true" className="sm:hidden">CSV</span>
            </a>
          </div>
        </div>
        <div id={NARROWING_ID} className={narrowingOpen.value ? "" : "hidden lg:block"}>
          <ListNarrowing query={query.value} onChange={(next) => change(next)} />
        </div>
      </div>

      {failed.value && current && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <AlertCircleIcon className="h-4 w-4" />
          Could not refresh the orders just now; showing the last list. Trying again shortly.
        </p>
      )}

      <TabPanel
        idBase={FILTER_TABS_ID}
        tab={query.value.filter}
        aria-busy={pending.value}
        className={`grid grid-cols-1 gap-4 transition-opacity ${pending.value ? "opacity-60" : ""}`}
      >
        {!current && !failed.value && <Loading />}
        {!current && failed.value && <Unavailable onRetry={reload} />}
        {current && current.orders.length === 0 && (
          <p className="rounded-2xl border-2 border-dashed border-slate-200 bg-white px-6 py-12 text-center text-slate-600">
            No orders found matching your criteria.
          </p>
        )}
        {current && current.orders.length > 0 && (
          <>
            {/* Seven columns with whole addresses need 1280 px; narrower screens get the cards. */}
            <div className="hidden xl:block">
              <OrderTable {...view} />
            </div>
            <div className="xl:hidden">
              <OrderCards {...view} />
            </div>
          </>
        )}
        <BulkBar bulk={bulk} />
        {current && (
          <Pagination
            query={{ ...query.value, page: current.page }}
            total={current.total}
            pageSize={current.pageSize}
            totalPages={current.totalPages}
            onPage={(page) => {
              change({ page });
              document.getElementById("admin-dashboard")?.scrollIntoView({ block: "start" });
            }}
          />
        )}
      </TabPanel>

      {open && openOrder && (
        <OrderDialogs
          kind={open.kind}
          order={openOrder}
          busy={busy.value[openOrder.id] ?? null}
          actions={actions}
          open={openDialog}
          close={() => (dialog.value = null)}
          changed={changed}
          onAction={onAction}
          review={previewReview}
        />
      )}
      <div className="flex justify-end">
        <button
          type="button"
          aria-keyshortcuts="?"
          onClick={() => (help.value = true)}
          className={`${buttonClass("ghost", "sm")} min-h-[44px]`}
        >
          Keyboard shortcuts
        </button>
      </div>
      {help.value && <ShortcutsDialog onClose={() => (help.value = false)} />}
    </div>
  );
}

function Loading() {
  return (
    <p role="status" className="flex items-center gap-3 rounded-2xl bg-white p-8 text-slate-600">
      <SpinnerIcon className="h-5 w-5 text-violet-600" />
      Loading orders...
    </p>
  );
}

function Unavailable({ onRetry }: { onRetry(): void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-8"
    >
      <p className="text-slate-700">We couldn't load the orders just now.</p>
      <button type="button" onClick={onRetry} className={buttonClass("outline", "sm")}>Try again</button>
    </div>
  );
}
