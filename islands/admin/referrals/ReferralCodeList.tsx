import { LinkIcon, PencilIcon, TrashIcon } from "../../../components/icons.tsx";
import type { ReferralCodeWithStats } from "../../../domain/referral/stats.ts";
import type { ReferralCode } from "../../../domain/referral/referrals.ts";
import { discountText, expiresText, hasExpired, revenueText, usageText } from "./display.ts";

export interface ReferralCodeListProps {
  codes: ReferralCodeWithStats[];
  now: number;
  onCopyLink(code: ReferralCode): void;
  onEdit(code: ReferralCode): void;
  onDelete(code: ReferralCode): void;
}

type Actions = Omit<ReferralCodeListProps, "codes" | "now">;

/** The codes as a table on wide screens and as cards on phones (the same data, one shown per width). */
export function ReferralCodeList({ codes, now, ...actions }: ReferralCodeListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">Code</th>
              <th scope="col" className="px-4 py-3">Discount</th>
              <th scope="col" className="px-4 py-3">Usage</th>
              <th scope="col" className="px-4 py-3 text-right">Orders</th>
              <th scope="col" className="px-4 py-3 text-right">Revenue</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">Expires</th>
              <th scope="col" className="px-4 py-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {codes.map((code) => (
              <tr key={code.id} data-referral-row={code.code} className="align-top hover:bg-slate-50">
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="font-mono font-bold tracking-wider text-slate-900">{code.code}</span>
                  {code.description && <span className="block text-slate-500">{code.description}</span>}
                </th>
                <td className="px-4 py-3 font-medium text-slate-900">{discountText(code)}</td>
                <td className="px-4 py-3 tabular-nums text-slate-700">{usageText(code)}</td>
                <td data-referral-orders className="px-4 py-3 text-right tabular-nums text-slate-700">
                  {code.orders}
                </td>
                <td data-referral-revenue className="px-4 py-3 text-right tabular-nums text-slate-700">
                  {revenueText(code.revenueCents)}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge active={code.isActive} />
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <Expiry code={code} now={now} />
                </td>
                <td className="px-4 py-2">
                  <div className="flex justify-end gap-1">
                    <CodeActions code={code} {...actions} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:hidden">
        {codes.map((code) => (
          <li
            key={code.id}
            data-referral-card={code.code}
            className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-lg font-bold tracking-wider break-all text-slate-900">
                  {code.code}
                </p>
                {code.description && <p className="text-sm text-slate-500">{code.description}</p>}
              </div>
              <StatusBadge active={code.isActive} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Discount</dt>
                <dd className="font-medium text-slate-900">{discountText(code)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Usage</dt>
                <dd className="tabular-nums text-slate-700">{usageText(code)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Orders</dt>
                <dd data-referral-orders className="tabular-nums text-slate-700">{code.orders}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Revenue</dt>
                <dd data-referral-revenue className="tabular-nums text-slate-700">
                  {revenueText(code.revenueCents)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Expires</dt>
                <dd className="text-slate-700">
                  <Expiry code={code} now={now} />
                </dd>
              </div>
            </dl>
            <div className="flex justify-end gap-2 border-t border-slate-100 pt-2">
              <CodeActions code={code} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"
      }`}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}

function Expiry({ code, now }: { code: ReferralCode; now: number }) {
  return (
    <>
      {expiresText(code.expiresAt)}
      {hasExpired(code.expiresAt, now) && (
        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          Expired
        </span>
      )}
    </>
  );
}

const ACTION_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-violet-50 hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 md:h-9 md:w-9";
const DELETE_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-red-50 hover:text-red-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 md:h-9 md:w-9";

function CodeActions({ code, onCopyLink, onEdit, onDelete }: Actions & { code: ReferralCode }) {
  return (
    <>
      <button
        type="button"
        title="Copy link"
        aria-label={`Copy link for ${code.code}`}
        onClick={() => onCopyLink(code)}
        className={ACTION_BUTTON}
      >
        <LinkIcon />
      </button>
      <button
        type="button"
        title="Edit"
        aria-label={`Edit ${code.code}`}
        onClick={() => onEdit(code)}
        className={ACTION_BUTTON}
      >
        <PencilIcon className="h-5 w-5" />
      </button>
      <button
        type="button"
        title="Delete"
        aria-label={`Delete ${code.code}`}
        onClick={() => onDelete(code)}
        className={DELETE_BUTTON}
      >
        <TrashIcon />
      </button>
    </>
  );
}
