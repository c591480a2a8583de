import { useEffect, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type ToastItem, toastStore } from "./toast.ts";

/** A swipe to the right of at least this many pixels dismisses a toast (customer-side §9). */
const SWIPE_THRESHOLD = 50;

/**
 * The notification viewport. Mounted by the client boot on every page that has islands; F8 moves
 * focus to it so keyboard users can reach a toast without hunting for it.
 */
export function Toaster() {
  useSignals();
  const viewport = useRef<HTMLDivElement>(null);

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

  // At the top, centred from sm: a dialog keeps its buttons at the bottom and its close button at the
  // top right, so a toast there never covers what staff or a parent would press next.
  return (
    <div role="region" aria-label="Notifications (F8)">
      {/* Not a list: a toast is a live region itself, and ARIA forbids the status and alert roles on list items. */}
      <div
        ref={viewport}
        tabIndex={-1}
        data-toast-viewport=""
        className="fixed top-0 right-0 z-[100] flex flex-col-reverse w-full max-w-sm p-4 gap-2 outline-none sm:right-1/2 sm:translate-x-1/2 focus-visible:ring-2 focus-visible:ring-violet-500"
      >
        {toastStore.items.value.map((item) => <Toast key={item.id} item={item} />)}
      </div>
    </div>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const element = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ startX: number; pointerId: number } | null>(null);
  const destructive = item.variant === "destructive";

  const move = (dx: number) => {
    if (element.current) element.current.style.transform = dx > 0 ? `translateX(${dx}px)` : "";
  };

  return (
    <div
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
      className={`relative flex items-start gap-3 w-full rounded-xl border p-4 pr-10 shadow-lg touch-pan-y select-none transition-transform ${
        destructive ? "border-red-600 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      <div className="grid gap-1">
        {item.title && <p className="text-sm font-semibold">{item.title}</p>}
        {item.description && (
          // Full-strength text: white at 90 % on red-600 falls under AA's 4.5:1.
          <p className={`text-sm ${destructive ? "text-white" : "text-slate-700"}`}>{item.description}</p>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => toastStore.dismiss(item.id)}
        className={`absolute right-2 top-2 rounded-md p-1 leading-none focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 ${
          destructive ? "text-red-100 hover:text-white" : "text-slate-500 hover:text-slate-900"
        }`}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
