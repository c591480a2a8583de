import { useEffect, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { TOAST_STYLES as S } from "../../components/toast_styles.ts";
import { type ToastItem, toastStore } from "./toast.ts";

/** A swipe to the right of at least this many pixels dismisses a toast (customer-side §9). */
export const SWIPE_THRESHOLD = 50;

/**
 * The notification viewport. Mounted by the client boot on every page that has islands; F8 moves
 * focus to it so keyboard users can reach a toast without hunting for it.
 */
export function Toaster() {
  useSignals();
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div role="region" aria-label="Notifications (F8)">
      <ol
        ref={viewport}
        tabIndex={-1}
        data-toast-viewport=""
        className={S.viewport}
      >
        {toastStore.items.value.map((item) => <Toast key={item.id} item={item} />)}
      </ol>
    </div>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const element = useRef<HTMLLIElement>(null);
  const swipe = useRef<{ startX: number; pointerId: number } | null>(null);
  const destructive = item.variant === "destructive";

  const move = (dx: number) => {
    if (element.current) element.current.style.transform = dx > 0 ? `translateX(${dx}px)` : "";
  };

  return (
    <li
      ref={element}
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      hidden={!item.open}
      data-state={item.open ? "open" : "closed"}
      data-variant={item.variant ?? "default"}
      onPointerEnter={() => toastStore.hold(item.id)}
      onPointerLeave={() => toastStore.release(item.id)}
      onFocus={() => toastStore.hold(item.id)}
      onBlur={() => toastStore.release(item.id)}
      onPointerDown={(event) => {
        swipe.current = { startX: event.clientX, pointerId: event.pointerId };
      }}
      onPointerMove={(event) => {
        if (swipe.current?.pointerId === event.pointerId) move(event.clientX - swipe.current.startX);
      }}
      onPointerUp={(event) => {
        const start = swipe.current;
        swipe.current = null;
        if (!start) return;
        if (event.clientX - start.startX >= SWIPE_THRESHOLD) toastStore.dismiss(item.id);
        else move(0);
      }}
      onPointerCancel={() => {
        swipe.current = null;
        move(0);
      }}
      className={`${S.toast} ${destructive ? S.destructive : S.default}`}
    >
      <div className={S.body}>
        {item.title && <p className={S.title}>{item.title}</p>}
        {item.description && <p className={S.description}>{item.description}</p>}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => toastStore.dismiss(item.id)}
        className={`${S.close} ${destructive ? S.closeDestructive : S.closeDefault}`}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}
