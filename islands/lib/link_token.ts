import { useEffect, useRef } from "react";

/**
 * For the pages an emailed link opens: runs `open` once, after the first render, with the link's `t`
 * token (null when it has none). The token is first taken out of the address bar, so it does not sit
 * in the history or leak through a Referer from the pages that follow.
 */
export function useLinkToken(open: (token: string | null) => void) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(location.search).get("t");
    history.replaceState(null, "", location.pathname);
    open(token);
  }, []);
}
