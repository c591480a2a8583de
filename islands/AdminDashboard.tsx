import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { PlusIcon, SettingsIcon } from "../components/icons.tsx";
import { buttonClass } from "../components/ui.ts";
import type { AdminOrderList } from "../domain/admin/order_list.ts";
import { StaffActivityTab } from "./admin/activity/StaffActivityTab.tsx";
import { AttentionPanel } from "./admin/attention/AttentionPanel.tsx";
import { BacklogPanel } from "./admin/attention/BacklogPanel.tsx";
import { startClientClock } from "./admin/clock.ts";
import { CreateOrderDialog } from "./admin/dialogs/CreateOrderDialog.tsx";
import type { ListQuery } from "../domain/admin/list_query.ts";
import { OrderManagement } from "./admin/list/OrderManagement.tsx";
import { PromptEditorDialog } from "./admin/prompts/PromptEditorDialog.tsx";
import { ReferralCodesTab } from "./admin/referrals/ReferralCodesTab.tsx";
import { TabList, TabPanel } from "./admin/Tabs.tsx";
import { useOrderList } from "./admin/list/use_order_list.ts";
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

/** Staff-side §2: the header's two buttons, each opening its dialog. */
const HEADER_BUTTONS = [
  { dialog: "create", label: "Create Order", Icon: PlusIcon, variant: "primary" },
  { dialog: "settings", label: "Admin Settings", Icon: SettingsIcon, variant: "outline" },
] as const;

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
  const headerDialog = useSignal<(typeof HEADER_BUTTONS)[number]["dialog"] | null>(null);
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

  // The order list starts within the first screen at every size: the studio's panels are
  // compact above it, and beside it on a wide screen (2xl), where the page is wider than the table.
  return (
    <div
      id="admin-dashboard"
      className="grid grid-cols-1 gap-3 sm:gap-4 2xl:grid-cols-[minmax(0,1fr)_24rem] 2xl:gap-x-6"
    >
      {/* On a phone the buttons keep their names (for a screen reader and as a tooltip) but show only their icons. */}
      <div className="flex items-center justify-between gap-3 2xl:col-span-2">
        <div className="grid">
          <h1 className="font-display text-xl font-extrabold text-slate-900 sm:text-3xl">
            Admin Dashboard
          </h1>
          <p className="hidden text-sm text-slate-600 sm:block">Review, approve and deliver songs.</p>
        </div>
        <div className="flex shrink-0 gap-2">
          {HEADER_BUTTONS.map(({ dialog, label, Icon, variant }) => (
            <button
              key={dialog}
              type="button"
              title={label}
              onClick={() => (headerDialog.value = dialog)}
              className={`${buttonClass(variant, "sm")} min-h-[44px] min-w-[44px] whitespace-nowrap`}
            >
              <Icon className="h-4 w-4 shrink-0" />
              <span className="sr-only sm:not-sr-only">{label}</span>
            </button>
          ))}
        </div>
      </div>

      <div
        data-studio-panels=""
        className="grid content-start gap-2 2xl:sticky 2xl:top-4 2xl:col-start-2 2xl:row-start-2 2xl:max-h-[calc(100vh-2rem)] 2xl:self-start 2xl:overflow-y-auto"
      >
        <BacklogPanel />
        <AttentionPanel />
      </div>

      <div className="grid min-w-0 content-start gap-4 2xl:col-start-1 2xl:row-start-2">
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

        <TabPanel idBase={ID_BASE} tab="orders" hidden={tab.value !== "orders"}>
          <OrderManagement state={orders} />
        </TabPanel>
        <TabPanel idBase={ID_BASE} tab="referrals" hidden={tab.value !== "referrals"}>
          {referralsVisited.value && <ReferralCodesTab appUrl={appUrl} />}
        </TabPanel>
        <TabPanel idBase={ID_BASE} tab="activity" hidden={tab.value !== "activity"}>
          {activityVisited.value && <StaffActivityTab />}
        </TabPanel>
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
