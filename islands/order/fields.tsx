import type { ReactNode } from "react";
import {
  type ChoiceFieldName,
  inputMaxLength,
  markedRequired,
  maxCharsOf,
  ORDER_FORM_FIELDS,
  orderField,
} from "../../domain/order/form_fields.ts";
import { controlClass, ERROR, HINT, LABEL, pillClass, RADIO } from "./control_styles.ts";
import { type FieldName, type FlagField, limitNearing, type OrderValues, type TextField } from "./values.ts";

/**
 * The order form's controls. What a field is called, whether it is required, its choices and how
 * much it takes come from the form's table (domain/order/form_fields.ts), which the API's schema
 * reads too; the sections only place the fields and add the words around them.
 */

/** What every control needs from the form: the values, the fields in error, and a setter. */
export interface FormBinding {
  values: OrderValues;
  /** Field → the message shown under it, for fields that stopped the last submit. */
  errors: ReadonlyMap<FieldName, string>;
  set(field: FieldName, value: string | boolean): void;
}

export interface Option {
  value: string;
  label: string;
}

/** The DOM id of a field's control, so the form can focus the field a toast talks about. */
export const fieldId = (name: FieldName) => `order-${name}`;

/** A titled group of fields: one column on phones, two from `md` up. */
export function Section(
  { id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode },
) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-5 rounded-2xl border border-violet-100 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="grid gap-1">
        <h2 id={id} className="font-display text-2xl font-bold text-slate-900">{title}</h2>
        {lead && <p className="text-slate-600">{lead}</p>}
      </div>
      <div className="grid gap-5 md:grid-cols-2">{children}</div>
    </section>
  );
}

interface FieldProps {
  form: FormBinding;
  name: TextField;
  hint?: string;
  placeholder?: string;
  /** Spans both columns (long answers). */
  wide?: boolean;
}

/** Label, control, hint and error message, wired together for assistive technology. */
function Field(
  { form, name, hint, wide, counter, children }: FieldProps & {
    /** A line under the control that describes it too (a long answer's count), with its id. */
    counter?: { id: string; node: ReactNode };
    children: (aria: ControlAria) => ReactNode;
  },
) {
  const { label } = orderField(name);
  const required = markedRequired(name);
  const id = fieldId(name);
  const error = form.errors.get(name);
  const describedBy = [hint && `${id}-hint`, counter?.id, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={wide ? "grid content-start gap-2 md:col-span-2" : "grid content-start gap-2"}>
      <label htmlFor={id} className={LABEL}>
        {label}
        {required && <span aria-hidden="true" className="ml-0.5 text-pink-600">*</span>}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-required": required || undefined,
        "aria-describedby": describedBy || undefined,
        className: controlClass(!!error),
      })}
      {hint && <p id={`${id}-hint`} className={HINT}>{hint}</p>}
      {counter?.node}
      {error && <p id={`${id}-error`} className={ERROR}>{error}</p>}
    </div>
  );
}

interface ControlAria {
  id: string;
  name: string;
  "aria-invalid"?: boolean;
  "aria-required"?: boolean;
  "aria-describedby"?: string;
  className: string;
}

export function TextInput(props: FieldProps & { autoComplete?: string }) {
  const { form, name, placeholder, autoComplete = "off" } = props;
  // A one-line box of text, a date or an email address, as the field's entry says.
  const { kind } = orderField(name);
  const type = kind === "date" || kind === "email" ? kind : "text";
  return (
    <Field {...props}>
      {(aria) => (
        <input
          {...aria}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={inputMaxLength(name)}
          value={form.values[name]}
          onChange={(event) => form.set(name, event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/**
 * A multi-line answer; `sizeClass` sets its minimum height (customer-side §9: 120 px or 80 px). It
 * takes more than its limit rather than cutting a paste without a word: the count under it shows
 * the limit, turns red past it, and the form's check stops the order until it is shortened.
 */
export function TextArea(props: FieldProps & { sizeClass: string }) {
  const { form, name, placeholder, sizeClass } = props;
  const value = form.values[name];
  const countId = `${fieldId(name)}-count`;
  return (
    <Field
      {...props}
      wide
      counter={{
        id: countId,
        node: <CharacterCount id={countId} count={value.length} max={maxCharsOf(name)} />,
      }}
    >
      {(aria) => (
        <textarea
          {...aria}
          className={`${aria.className} ${sizeClass}`}
          placeholder={placeholder}
          maxLength={inputMaxLength(name)}
          value={value}
          onChange={(event) => form.set(name, event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/**
 * "1,234 of 2,000 characters" under a long answer. Screen readers hear it with the field, and a
 * polite word only as the limit nears (under 200, 100, 50 and 10 left, then reached or passed), not
 * at every keystroke.
 */
function CharacterCount({ id, count, max }: { id: string; count: number; max: number }) {
  const over = count > max;
  return (
    <div className="flex justify-end">
      <p id={id} className={over ? ERROR : HINT} data-character-count="">
        {count.toLocaleString("en-US")} of {max.toLocaleString("en-US")} characters
      </p>
      <p className="sr-only" aria-live="polite">{limitNearing(count, max)}</p>
    </div>
  );
}
export function Select(props: FieldProps & { name: ChoiceFieldName; prompt?: string }) {
  const { form, name, prompt } = props;
  const { options }: { options: readonly Option[] } = ORDER_FORM_FIELDS[name];
  return (
    <Field {...props}>
      {(aria) => (
        <select
          {...aria}
          value={form.values[name]}
          onChange={(event) => form.set(name, event.currentTarget.value)}
        >
          {prompt !== undefined && <option value="">{prompt}</option>}
          {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      )}
    </Field>
  );
}

/** A small set of choices as radio buttons in a fieldset, shown as pills. */
export function Choices(
  { form, name, wide }: {
    form: FormBinding;
    name: ChoiceFieldName;
    wide?: boolean;
  },
) {
  const { label: legend, options }: { label: string; options: readonly Option[] } = ORDER_FORM_FIELDS[name];
  return (
    <fieldset className={wide ? "grid content-start gap-2 md:col-span-2" : "grid content-start gap-2"}>
      <legend className={`${LABEL} mb-2`}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = form.values[name] === option.value;
          return (
            <label
              key={option.value}
              className={pillClass(checked)}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => form.set(name, option.value)}
                className={RADIO}
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A tick box that switches part of the form on; what it reveals follows as `children`. */
export function Toggle(
  { form, name, hint, children }: {
    form: FormBinding;
    name: FlagField;
    hint: string;
    children?: ReactNode;
  },
) {
  const { label } = ORDER_FORM_FIELDS[name];
  const checked = form.values[name];
  const id = fieldId(name);
  return (
    <div className="grid gap-4 rounded-xl border-2 border-dashed border-pink-200 bg-pink-50 p-4 md:col-span-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => form.set(name, event.currentTarget.checked)}
          className="mt-1 h-5 w-5 shrink-0 accent-violet-600"
        />
        <div className="grid gap-1">
          <label htmlFor={id} className="cursor-pointer font-semibold text-slate-900">{label}</label>
          <p id={`${id}-hint`} className={HINT}>{hint}</p>
        </div>
      </div>
      {checked && children && <div className="grid gap-5 md:grid-cols-2">{children}</div>}
    </div>
  );
}
