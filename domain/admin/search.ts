import type { Order } from "../order/orders.ts";

/**
 * Staff-side §2: the dashboard's search box matches order number, child name, parent name or parent
 * email. At 100,000 orders it cannot read every order, so each order is indexed under the words of
 * those fields and a query is a prefix match on words: "mia" finds "Mia Rose", "ros" finds her too,
 * "1042" finds order #1042, "jane.doe@ex" finds that address. Both sides are normalised the same way
 * (lower case, accents folded), which lives here so the index and the query can never disagree.
 *
 * Staff also paste a domain from support mail ("example.com", "@example.com", "mail.example"), or
 * type its name alone ("gmail", "t-online"), so the part after the "@" is indexed too, whole and from
 * each dot on. A gift's recipient is found like its parent, by name and address.
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
 * "mail.example.co.uk" → mail.example.co.uk, example.co.uk, co.uk: the domain and its suffixes at
 * dots, so a prefix search for "example" or "example.co" finds a subdomain's address too. The bare
 * top-level label is left out: "com" would be a token of nearly every order, and every short search
 * ("co", "c") would read all of them to find nothing anyone asked for.
 */
export function domainSuffixesOf(domain: string): string[] {
  const labels = domain.split(".").filter(Boolean);
  if (labels.length <= 1) return labels;
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

/** An address folded, split at its "@": the words before it, and its domain's suffixes. */
function addressTermsOf(address: string) {
  const email = foldText(address.trim());
  const at = email.indexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  return { email, words: wordsOf(local), domains: at < 0 ? [] : domainSuffixesOf(email.slice(at + 1)) };
}

/**
 * What an order is found by: words (its number, the names, the words of each address before the @),
 * the addresses whole, and their domains' suffixes, each index kept apart so a search reads only the
 * entries its kind of term can match. A gift is found by its recipient too: a gift-giver writes in
 * about "Grandma's song", and the recipient writes from their own address.
 */
export function searchTermsOf(
  order:
    & Pick<Order, "orderNumber" | "childName" | "parentName" | "parentEmail">
    & Partial<Pick<Order, "isGift" | "giftRecipientName" | "giftRecipientEmail">>,
) {
  const addresses = [order.parentEmail];
  const names = [order.childName, order.parentName];
  if (order.isGift) {
    if (order.giftRecipientEmail) addresses.push(order.giftRecipientEmail);
    if (order.giftRecipientName) names.push(order.giftRecipientName);
  }
  const parts = addresses.map(addressTermsOf);
  const words = new Set([
    String(order.orderNumber),
    ...names.flatMap(wordsOf),
    ...parts.flatMap((part) => part.words),
  ]);
  return {
    words: [...words],
    emails: [...new Set(parts.map((part) => part.email))],
    domains: [...new Set(parts.flatMap((part) => part.domains))],
  };
}

export type SearchIndex = "word" | "email" | "domain";

/** A prefix to look up in one of the indexes. */
export interface SearchPrefix {
  index: SearchIndex;
  prefix: string;
}

/** One term of a query: an order matches it when any of these prefixes starts one of its tokens. */
export type SearchTerm = SearchPrefix[];

/** Queries longer than this are cut: nobody types more, and each term costs an index scan. */
const MAX_QUERY_LENGTH = 100;
const MAX_TERMS = 5;

const prefixOf = (index: SearchIndex, prefix: string): SearchPrefix => ({ index, prefix });

/**
 * The terms a query asks for; an order matches when it matches every term. A term with "@" in it is
 * an address (matched whole, as typed); one starting with "@" is the part after it (a domain); one
 * with a dot may be either ("anna.1", "example.com"); a plain word may be a name's or the domain's
 * ("example"); "#1042" is an order number and nothing else.
 */
export function queryTerms(query: string): SearchTerm[] {
  const terms = new Map<string, SearchTerm>();
  const add = (...term: SearchPrefix[]) => terms.set(JSON.stringify(term), term);
  for (const raw of foldText(query.slice(0, MAX_QUERY_LENGTH)).split(/\s+/)) {
    if (raw.startsWith("@")) {
      const domain = raw.replace(/^@+/, "");
      if (/^[a-z0-9]/.test(domain)) add(prefixOf("domain", domain));
      continue;
    }
    const term = raw.replace(/^#/, "");
    if (!term) continue;
    const orderNumber = term !== raw;
    if (/[@.]/.test(term) && /^[a-z0-9]/.test(term)) {
      if (term.includes("@")) add(prefixOf("email", term));
      else add(prefixOf("email", term), prefixOf("domain", term));
    } else {
      // A domain's name typed without its ending may hold a hyphen ("t-online" for t-online.de):
      // each of its words may then also be that whole start of a domain.
      const whole = !orderNumber && /^[a-z0-9][a-z0-9-]*-[a-z0-9-]*$/.test(term)
        ? [prefixOf("domain", term)]
        : [];
      for (const word of term.match(WORD) ?? []) {
        if (orderNumber) add(prefixOf("word", word));
        else add(prefixOf("word", word), prefixOf("domain", word), ...whole);
      }
    }
  }
  return [...terms.values()].slice(0, MAX_TERMS);
}
