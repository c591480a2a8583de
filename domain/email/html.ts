/**
 * A tiny HTML template tag for emails, safe by default: every interpolated value is escaped unless it
 * is markup this module made (a nested `html` template, or an explicit `raw()`). Emails carry names
 * and lyrics typed by customers, so forgetting to escape must be impossible rather than merely rare.
 */

const CONSTRUCT = Symbol("SafeHtml");

/** Markup that is already safe to place in a document. Only `html` and `raw` make one. */
export class SafeHtml {
  readonly #markup: string;
  constructor(markup: string, token: typeof CONSTRUCT) {
    // A plain object with a `toString` cannot pass as safe markup, and neither can `new SafeHtml()`
    // from elsewhere: the token stays in this module.
    if (token !== CONSTRUCT) throw new TypeError("SafeHtml is made by html`` or raw(), not constructed.");
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

/** What a template may interpolate. `null`, `undefined` and `false` render nothing, for `${x && html`…`}`. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = strings[0];
  values.forEach((value, i) => {
    markup += render(value) + strings[i + 1];
  });
  return new SafeHtml(markup, CONSTRUCT);
}

/** Trusts `markup` as it is. For constants only: never pass it anything a person typed. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup, CONSTRUCT);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for element content and for quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}
