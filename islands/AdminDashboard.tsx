import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { PlusIcon, SettingsIcon } from "../components/icons.tsx";
import { buttonClass } from "../components/ui.ts";
import type { AdminOrderList } from "../domain/admin_orders.ts";
import { StaffActivityTab } from "./admin/activity/StaffActivityTab.tsx";
import { AttentionPanel } from "./admin/AttentionPanel.tsx";
import { BacklogPanel } from "./admin/BacklogPanel.tsx";
import { startClientClock } from "./admin/clock.ts";
import { CreateOrderDialog } from "./admin/dialogs/CreateOrderDialog.tsx";
import type { ListQuery } from "../domain/admin_list_query.ts";
import { OrderManagement } from "./admin/OrderManagement.tsx";
import { PromptEditorDialog } from "./admin/prompts/PromptEditorDialog.tsx";
import { ReferralCodesTab } from "./admin/referrals/ReferralCodesTab.tsx";
import { panelId, tabId, TabList } from "./admin/Tabs.tsx";
import { useOrderList } from "./admin/useOrderList.ts";
import { track } from "./lib/analytics.ts";

export interface AdminDashboardProps {
  /** The site root, for referral links (APP_URL). */
  appUrl: string;
  /** The view the address asked for. */
  initialQuery: ListQuery;
  /** That view's first page, read on the server; null makes the island fetch it. */
  initialList: AdminOrderList | null;
}

const TOP_TABS = [
  { key: "orders", label: "Order Management" },
  { key: "referrals", label: "Referral Codes" },
  { key: "activity", label: "Staff Activity" },
] as const;
type TopTab = (typeof TOP_TABS)[number]["key"];

const ID_BASE = "admin-top";

/**
 * Staff-side §2, /admin/orders: the top tabs (the spec's two, and the staff activity log beside them:
 * the dashboard is the staff side's one page), the header buttons and their dialogs.
 */
export default function AdminDashboard({ appUrl, initialQuery, initialList }: AdminDashboardProps) {
  useSignals();
  const tab = useSignal<TopTab>("orders");
  /** The referral tab loads its codes when first shown, then stays mounted to keep its state. */
  const referralsVisited = useSignal(false);
  /** The activity log likewise: read when first shown, kept as it was narrowed. */
  const activityVisited = useSignal(false);
  const headerDialog = useSignal<"create" | "settings" | null>(null);
  const orders = useOrderList(initialQuery, initialList);

  useEffect(() => {
    track("Admin Access", {});
    return startClientClock();
  }, []);

  const select = (key: TopTab) => {
    tab.value = key;
    if (key === "referrals") referralsVisited.value = true;
    if (key === "activity") activityVisited.value = true;
  };

  return (
    <div id="admin-dashboard" className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="font-display text-3xl font-extrabold text-slate-900">Admin Dashboard</h1>
          <p className="text-slate-600">Review, approve and deliver songs.</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <button
            type="button"
            onClick={() => (headerDialog.value = "create")}
            className={`${buttonClass("primary", "sm")} min-h-[44px] whitespace-nowrap`}
          >
            <PlusIcon className="h-4 w-4 shrink-0" />
            Create Order
          </button>
          <button
            type="button"
            onClick={() => (headerDialog.value = "settings")}
            className={`${buttonClass("outline", "sm")} min-h-[44px] whitespace-nowrap`}
          >
            <SettingsIcon className="h-4 w-4 shrink-0" />
            Admin Settings
          </button>
        </div>
      </div>

      <BacklogPanel />
      <AttentionPanel />

      <TabList
        label="Admin sections"
        idBase={ID_BASE}
        items={TOP_TABS}
        selected={tab.value}
        onSelect={select}
        className="flex gap-0 border-b border-slate-200 sm:gap-2"
        tabClass={(selected) =>
          `-mb-px min-h-[44px] border-b-2 px-2.5 text-sm sm:px-4 font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 sm:text-base ${
            selected
              ? "border-violet-600 text-violet-800"
              : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
          }`}
      />

      <div
        role="tabpanel"
        id={panelId(ID_BASE, "orders")}
        aria-labelledby={tabId(ID_BASE, "orders")}
        hidden={tab.value !== "orders"}
      >
        <OrderManagement state={orders} />
      </div>
      <div
        role="tabpanel"
        id={panelId(ID_BASE, "referrals")}
        aria-labelledby={tabId(ID_BASE, "referrals")}
        hidden={tab.value !== "referrals"}
      >
        {referralsVisited.value && <ReferralCodesTab appUrl={appUrl} />}
      </div>
      <div
        role="tabpanel"
        id={panelId(ID_BASE, "activity")}
        aria-labelledby={tabId(ID_BASE, "activity")}
        hidden={tab.value !== "activity"}
      >
        {activityVisited.value && <StaffActivityTab />}
      </div>

      {headerDialog.value === "create" && (
        <CreateOrderDialog
          onClose={() => (headerDialog.value = null)}
          onCreated={() => {
            headerDialog.value = null;
            orders.reload();
          }}
        />
      )}
      {headerDialog.value === "settings" && (
        <PromptEditorDialog
          onClose={() => (headerDialog.value = null)}
        />
      )}
    </div>
  );
}
