import type { Order } from "./orders.ts";

/**
 * Staff-side §2: the dashboard's search box matches order number, child name, parent name or parent
 * email. At 100,000 orders it cannot read every order, so each order is indexed under the words of
 * those fields and a query is a prefix match on words: "mia" finds "Mia Rose", "ros" finds her too,
 * "1042" finds order #1042, "jane.doe@ex" finds that address. Both sides are normalised the same way
 * (lower case, accents folded), which lives here so the index and the query can never disagree.
 */

/** Accents folded and lower-cased: "Zoë" and "ZOE" are the same word to staff. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

const WORD = /[a-z0-9]+/g;

function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/**
 * What an order is found by: words (its number, the names, the words of the address before the @),
 * and the address whole, kept apart so a name search never reads the address entries.
 */
export function searchTermsOf(
  order: Pick<Order, "orderNumber" | "childName" | "parentName" | "parentEmail">,
) {
  const email = foldText(order.parentEmail.trim());
  const local = email.split("@")[0] ?? "";
  const words = new Set([
    String(order.orderNumber),
    ...wordsOf(order.childName),
    ...wordsOf(order.parentName),
    ...wordsOf(local),
  ]);
  return { words: [...words], email };
}

/** A prefix to look up: in the word index, or (typed with "@" or ".") in the address index. */
export interface SearchPrefix {
  index: "word" | "email";
  prefix: string;
}

/** Queries longer than this are cut: nobody types more, and each term costs an index scan. */
const MAX_QUERY_LENGTH = 100;
const MAX_TERMS = 5;

/**
 * The prefixes a query asks for; an order matches when every prefix starts one of its tokens. A term
 * with "@" or "." is an address (matched whole, as typed); "#1042" is an order number.
 */
export function queryPrefixes(query: string): SearchPrefix[] {
  const prefixes = new Map<string, SearchPrefix>();
  const add = (index: SearchPrefix["index"], prefix: string) =>
    prefixes.set(`${index}:${prefix}`, { index, prefix });
  for (const raw of foldText(query.slice(0, MAX_QUERY_LENGTH)).split(/\s+/)) {
    const term = raw.replace(/^#/, "");
    if (!term) continue;
    if (/[@.]/.test(term) && /^[a-z0-9]/.test(term)) add("email", term);
    else for (const word of term.match(WORD) ?? []) add("word", word);
  }
  return [...prefixes.values()].slice(0, MAX_TERMS);
}
