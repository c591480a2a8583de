import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { AlertCircleIcon, PlusIcon, SpinnerIcon, TicketIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import type { ReferralCodeWithStats } from "../../../domain/referral/stats.ts";
import type { ReferralCode } from "../../../domain/referral/referrals.ts";
import { api, serverMessage } from "../../lib/api.ts";
import { copyText } from "../../lib/clipboard.ts";
import { ConfirmDialog } from "../../lib/ConfirmDialog.tsx";
import { toast } from "../../lib/toast.ts";
import { referralLink } from "./display.ts";
import { ReferralCodeDialog } from "./ReferralCodeDialog.tsx";
import { ReferralCodeList } from "./ReferralCodeList.tsx";

export interface ReferralCodesTabProps {
  /** The site's public address (APP_URL): shared links must lead there, not to wherever staff are. */
  appUrl: string;
}

type View = "loading" | "ready" | "failed";
/** The open dialog: the create/edit form (with the code being edited, or null for a new one), or delete. */
type Open = { kind: "form"; code: ReferralCode | null } | { kind: "delete"; code: ReferralCode } | null;

/** The Referral Codes tab of the admin dashboard (staff-side §2). */
export function ReferralCodesTab({ appUrl }: ReferralCodesTabProps) {
  useSignals();
  const view = useSignal<View>("loading");
  const codes = useSignal<ReferralCodeWithStats[]>([]);
  const open = useSignal<Open>(null);
  const deleting = useSignal(false);
  /** A newer load wins: an older answer that arrives late must not overwrite it. */
  const loads = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = async () => {
    const load = ++loads.current;
    try {
      const answer = await api<{ codes: ReferralCodeWithStats[] }>("GET", "/api/admin/referral-codes");
      if (load !== loads.current) return;
      codes.value = answer.codes;
      view.value = "ready";
    } catch {
      if (load !== loads.current) return;
      // A failed refresh keeps the list that is already shown; only a first load shows the error.
      if (view.value !== "ready") view.value = "failed";
      else toast({ title: "Could not refresh referral codes", variant: "destructive" });
    }
  };

  useEffect(() => {
    load();
  }, []);

  const copyLink = async (code: ReferralCode) => {
    const link = referralLink(appUrl, code.code);
    if (await copyText(link)) toast({ title: "Link Copied", description: link });
    else toast({ title: "Could not copy the link", description: link, variant: "destructive" });
  };

  const remove = async (code: ReferralCode) => {
    deleting.value = true;
    try {
      await api("DELETE", `/api/admin/referral-codes/${encodeURIComponent(code.id)}`);
      toast({ title: "Referral code deleted", description: code.code });
      open.value = null;
      // The row and its button are gone; the heading keeps keyboard users in the tab.
      setTimeout(() => heading.current?.focus());
      await load();
    } catch (error) {
      toast({
        title: "Failed to delete referral code",
        description: serverMessage(error),
        variant: "destructive",
      });
    } finally {
      deleting.value = false;
    }
  };

  const current = open.value;
  return (
    <section aria-labelledby="referral-codes-heading" className="grid gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2
            ref={heading}
            id="referral-codes-heading"
            tabIndex={-1}
            className="font-display text-2xl font-bold text-slate-900 focus:outline-none"
          >
            Referral Codes
          </h2>
          <p className="text-sm text-slate-600">
            Discount codes customers enter at checkout or open as a link.
          </p>
        </div>
        <button
          type="button"
          className={buttonClass("primary", "sm")}
          onClick={() => (open.value = { kind: "form", code: null })}
        >
          <PlusIcon /> Create Code
        </button>
      </header>

      <p aria-live="polite" className="sr-only">{statusText(view.value, codes.value.length)}</p>
      <div aria-busy={view.value === "loading"}>
        {view.value === "loading" && (
          <p className="flex items-center justify-center gap-2 rounded-2xl border border-slate-200 p-8 text-slate-600">
            <SpinnerIcon className="h-5 w-5 motion-safe:animate-spin" /> Loading referral codes...
          </p>
        )}
        {view.value === "failed" && (
          <div className="grid justify-items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
            <p className="flex items-center gap-2 font-medium text-red-800">
              <AlertCircleIcon className="h-5 w-5" /> Could not load the referral codes.
            </p>
            <button
              type="button"
              className={buttonClass("outline", "sm")}
              onClick={() => {
                view.value = "loading";
                load();
              }}
            >
              Try Again
            </button>
          </div>
        )}
        {view.value === "ready" && codes.value.length === 0 && (
          <div className="grid justify-items-center gap-2 rounded-2xl border-2 border-dashed border-slate-200 p-10 text-center">
            <TicketIcon className="h-8 w-8 text-violet-400" />
            <p className="text-slate-600">No referral codes created yet</p>
          </div>
        )}
        {view.value === "ready" && codes.value.length > 0 && (
          <ReferralCodeList
            codes={codes.value}
            now={Date.now()}
            onCopyLink={copyLink}
            onEdit={(code) => (open.value = { kind: "form", code })}
            onDelete={(code) => (open.value = { kind: "delete", code })}
          />
        )}
      </div>

      {current?.kind === "form" && (
        <ReferralCodeDialog
          editing={current.code}
          onClose={() => (open.value = null)}
          onSaved={() => {
            open.value = null;
            load();
          }}
        />
      )}
      {current?.kind === "delete" && (
        <ConfirmDialog
          title="Delete Referral Code"
          message="Are you sure you want to delete this referral code?"
          confirmLabel={`Delete ${current.code.code}`}
          cancelLabel="Cancel"
          busyLabel={deleting.value ? "Deleting..." : null}
          onConfirm={() => remove(current.code)}
          onCancel={() => !deleting.value && (open.value = null)}
        />
      )}
    </section>
  );
}

function statusText(view: View, count: number): string {
  if (view === "loading") return "Loading referral codes...";
  if (view === "failed") return "Could not load the referral codes.";
  return count === 1 ? "1 referral code" : `${count} referral codes`;
}
