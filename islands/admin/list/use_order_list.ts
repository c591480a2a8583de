import { type Signal, useSignal } from "@preact/signals-react";
import { useEffect, useRef } from "react";
import type { AdminOrderList } from "../../../domain/admin/order_list.ts";
import { api, ApiError } from "../../lib/api.ts";
import { type ListQuery, parseListQuery } from "../../../domain/admin/list_query.ts";
import { listApiPath, listQueryString } from "./list_query.ts";

/** Staff-side §9: the order list refreshes every 10 s, in a background tab too. */
const LIST_REFRESH_MS = 10_000;

type AddressStep = "push" | "replace";

export interface OrderListState {
  query: Signal<ListQuery>;
  list: Signal<AdminOrderList | null>;
  /** A load failed and nothing newer has arrived: the list on screen may be stale. */
  failed: Signal<boolean>;
  /** The admin asked for another view and its list has not arrived yet. */
  pending: Signal<boolean>;
  /**
   * Shows another page, tab or search; a "push" is a step the Back button undoes. Settles when its
   * list has come (or failed to).
   */
  change(next: Partial<ListQuery>, step?: AddressStep): Promise<void>;
  /** Loads the current view again (after a change this page made). */
  reload(): Promise<void>;
}

/**
 * The order list and the view it shows, kept in the address. Every load is numbered and only the
 * newest one's answer is shown, so a slow refresh never overwrites the page the admin just chose.
 * The timer is a plain interval: browsers slow timers in background tabs but do not stop them,
 * and there is deliberately no refetch on focus (staff-side §7).
 */
export function useOrderList(initialQuery: ListQuery, initialList: AdminOrderList | null): OrderListState {
  const query = useSignal(initialQuery);
  const list = useSignal(initialList);
  const failed = useSignal(false);
  const pending = useSignal(false);
  const latest = useRef(0);
  const inFlight = useRef(0);
  const newest = useRef<Promise<void>>(Promise.resolve());

  const load = () => (newest.current = loadOnce());

  /** Settles once the newest load has, even when loads started after the one awaited. */
  const settled = async () => {
    for (let seen = newest.current;; seen = newest.current) {
      await seen;
      if (seen === newest.current) return;
    }
  };

  const loadOnce = async () => {
    const ticket = ++latest.current;
    const asked = query.value;
    inFlight.current++;
    try {
      const answer = await api<AdminOrderList>("GET", listApiPath(asked));
      if (ticket !== latest.current) return;
      list.value = answer;
      failed.value = false;
      pending.value = false;
      // A page past the end answers the last page: show its number in the address too.
      if (answer.page !== asked.page && query.value === asked) {
        query.value = { ...asked, page: answer.page };
        writeAddress(query.value, "replace");
      }
    } catch (error) {
      if (ticket !== latest.current) return;
      pending.value = false;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        location.assign("/"); // signed out or no longer an admin (staff-side §5)
        return;
      }
      failed.value = true;
    } finally {
      inFlight.current--;
    }
  };

  useEffect(() => {
    // The server may have corrected the address's view (a page past the end, an unknown tab).
    writeAddress(query.value, "replace");
    if (!initialList) load();
    const timer = setInterval(() => {
      if (inFlight.current === 0) load();
    }, LIST_REFRESH_MS);
    const onPopState = () => {
      query.value = parseListQuery(new URLSearchParams(location.search));
      load();
    };
    addEventListener("popstate", onPopState);
    return () => {
      clearInterval(timer);
      removeEventListener("popstate", onPopState);
    };
  }, []);

  const change = (next: Partial<ListQuery>, step: AddressStep = "push") => {
    query.value = { ...query.value, ...next };
    pending.value = true;
    writeAddress(query.value, step);
    load();
    return settled();
  };

  return { query, list, failed, pending, change, reload: load };
}

function writeAddress(query: ListQuery, step: AddressStep) {
  const url = location.pathname + listQueryString(query) + location.hash;
  if (url === location.pathname + location.search + location.hash) return;
  if (step === "push") history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}
