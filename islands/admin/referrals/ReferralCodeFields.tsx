import { type ChangeEvent, cloneElement, type ReactElement } from "react";
import { INPUT_CLASS } from "../../../components/ui.ts";
import {
  type DiscountType,
  formatCents,
  MAX_AMOUNT_OFF_CENTS,
  MAX_PERCENT_OFF,
} from "../../../domain/order/pricing.ts";
import { REFERRAL_CODE_MAX, REFERRAL_CODE_MIN } from "../../../domain/referral/code.ts";
import { FieldLabel } from "../FieldLabel.tsx";
import { codeInput, type ReferralForm, type ReferralProblems, withDiscountType } from "./form.ts";

export interface ReferralCodeFieldsProps {
  form: ReferralForm;
  /** Problems to show now (the dialog decides when: as typed for the code, on submit for the rest). */
  problems: ReferralProblems;
  /** Said beside a field without stopping the save: an expiry already over, the largest discount. */
  notes: Partial<Record<"value" | "expiresAt", string>>;
  editing: boolean;
  disabled: boolean;
  onChange(form: ReferralForm): void;
}

/** The inputs of the create/edit dialog; the dialog owns the values and when problems show. */
export function ReferralCodeFields(
  { form, problems, notes, editing, disabled, onChange }: ReferralCodeFieldsProps,
) {
  const set = <K extends keyof ReferralForm>(key: K, value: ReferralForm[K]) =>
    onChange({ ...form, [key]: value });
  /** A text box holding one of the form's texts as typed. */
  const typed = (key: "value" | "description" | "usageLimit" | "expiresAt") => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    className: INPUT_CLASS,
  });
  const fixed = form.discountType === "fixed_amount";
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <Field
        id="referral-code"
        label="Code"
        hint={`${REFERRAL_CODE_MIN}–${REFERRAL_CODE_MAX} letters, numbers, _ or -. Always upper case.`}
        problem={problems.code}
        wide
      >
        <input
          data-autofocus
          type="text"
          value={form.code}
          maxLength={REFERRAL_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => set("code", codeInput(event.currentTarget.value))}
          className={`${INPUT_CLASS} font-mono tracking-wider`}
        />
      </Field>

      <Field id="referral-type" label="Discount type">
        <select
          value={form.discountType}
          // Focus stays here, so arrow keys keep moving through the options; the value is emptied.
          onChange={(event) => onChange(withDiscountType(form, event.currentTarget.value as DiscountType))}
          className={INPUT_CLASS}
        >
          <option value="percentage">Percentage</option>
          <option value="fixed_amount">Fixed amount</option>
        </select>
      </Field>

      <Field
        id="referral-value"
        label={fixed ? "Amount ($)" : "Percentage (%)"}
        hint={fixed
          ? `In dollars, e.g. 5.00 (at most ${formatCents(MAX_AMOUNT_OFF_CENTS)})`
          : `1 to ${MAX_PERCENT_OFF}`}
        problem={problems.value}
        note={notes.value}
      >
        <input type="text" inputMode={fixed ? "decimal" : "numeric"} autoComplete="off" {...typed("value")} />
      </Field>

      <Field id="referral-description" label="Description" optional wide>
        <input type="text" maxLength={200} {...typed("description")} />
      </Field>

      <Field
        id="referral-limit"
        label="Usage limit"
        optional
        hint="Empty for unlimited"
        problem={problems.usageLimit}
      >
        <input type="text" inputMode="numeric" autoComplete="off" {...typed("usageLimit")} />
      </Field>

      <Field
        id="referral-expires"
        label="Expiry date"
        optional
        hint="Empty for no expiry"
        problem={problems.expiresAt}
        note={notes.expiresAt}
        warning
      >
        <input type="date" {...typed("expiresAt")} />
      </Field>

      {editing && <ActiveSwitch checked={form.isActive} onChange={(checked) => set("isActive", checked)} />}
    </fieldset>
  );
}

interface FieldProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  problem?: string;
  /** Said below the hint; a problem, when there is one, says more. */
  note?: string;
  /** The note is a warning (amber): something staff may not mean, though it can be saved. */
  warning?: boolean;
  /** Spans both columns on wider screens. */
  wide?: boolean;
  /** The one input of the field; it gets the id and the description links. */
  children: ReactElement<Record<string, unknown>>;
}

function Field({ id, label, optional, hint, problem, note, warning, wide, children }: FieldProps) {
  const shownNote = problem ? undefined : note;
  const described = [hint && `${id}-hint`, shownNote && `${id}-note`, problem && `${id}-problem`]
    .filter(Boolean).join(" ");
  return (
    <div className={wide ? "grid content-start gap-1.5 sm:col-span-2" : "grid content-start gap-1.5"}>
      <FieldLabel htmlFor={id} optional={optional}>{label}</FieldLabel>
      {cloneElement(children, {
        id,
        "aria-invalid": problem ? true : undefined,
        "aria-describedby": described || undefined,
      })}
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {shownNote && (
        <p
          id={`${id}-note`}
          data-field-note={warning ? "warning" : "info"}
          className={warning
            ? "rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900"
            : "text-sm text-slate-700"}
        >
          {shownNote}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} data-field-problem="" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

function ActiveSwitch({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-3 sm:col-span-2">
      <div className="grid">
        <label htmlFor="referral-active" className="cursor-pointer text-sm font-semibold text-slate-800">
          Active
        </label>
        <span id="referral-active-hint" className="text-xs text-slate-500">
          Inactive codes are refused at checkout.
        </span>
      </div>
      <button
        id="referral-active"
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby="referral-active-hint"
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 ${
          checked ? "bg-violet-600" : "bg-slate-300"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-6 w-6 rounded-full bg-white shadow motion-safe:transition-transform ${
            checked ? "translate-x-7" : "translate-x-1"
          }`}
        />
      </button>
    </div>
  );
}
