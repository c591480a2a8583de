import { AlertCircleIcon, CheckCircleIcon } from "../../components/icons.tsx";
import type { PaymentNotice } from "./payment_notice.ts";

/** Above the form after a payment round trip: why the parent is back here, and that nothing is lost. */
export function PaymentNoticeBanner({ notice }: { notice: PaymentNotice }) {
  const failed = notice.kind === "failed";
  return (
    <div
      role={failed ? "alert" : "status"}
      data-payment-notice={notice.kind}
      className={`flex items-start gap-3 rounded-2xl border p-4 sm:p-5 ${
        failed ? "border-red-200 bg-red-50" : "border-violet-200 bg-white"
      }`}
    >
      {failed
        ? <AlertCircleIcon className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        : <CheckCircleIcon className="mt-0.5 h-6 w-6 shrink-0 text-violet-700" />}
      <div className="grid gap-1">
        <p className="font-semibold text-slate-900">{notice.title}</p>
        <p className="text-sm text-slate-700">{notice.message}</p>
      </div>
    </div>
  );
}
