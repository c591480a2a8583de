import { adminActionsOf } from "../../../domain/admin/row_actions.ts";
import { allows } from "../../../domain/order/guards.ts";
import { innermostDialog } from "../../lib/Dialog.tsx";
import { PREVIEW_MARK, type PreviewKeys } from "../review/PreviewDialog.tsx";
import { nextInReview } from "../review/review_queue.ts";
import { SEARCH_INPUT_ID } from "../list/SearchBox.tsx";
import type { ListedOrder } from "../types.ts";
import type { CurrentRowState } from "./use_current_row.ts";
import { type ShortcutTarget, useShortcuts } from "./use_shortcuts.ts";

export interface OrderKeysDeps {
  /** Whether the order list is on screen (not behind the Referral Codes tab). */
  shown(): boolean;
  orders(): readonly ListedOrder[];
  rows: CurrentRowState;
  preview(order: ListedOrder): void;
  approve(order: ListedOrder): void;
  /** Opens the order's preview with the reason for a Reject asked at once. */
  reject(order: ListedOrder): void;
  hold(order: ListedOrder): void;
  help(): void;
  /** The open preview's commands, while it is open. */
  previewKeys: { current: PreviewKeys | null };
}

/**
 * The order list's keyboard: which screen a key press reaches, and what each shortcut
 * does there. The list's when no dialog is open; the preview's when it is the innermost dialog;
 * nothing while any other dialog (a confirmation, Order Detail, this help) is open.
 */
export function useOrderKeys(deps: OrderKeysDeps) {
  useShortcuts((): ShortcutTarget | null => {
    if (!deps.shown()) return null;
    const dialog = innermostDialog();
    if (dialog) {
      const preview = deps.previewKeys.current;
      if (!preview || !dialog.querySelector(`:scope > [${PREVIEW_MARK}]`)) return null;
      return {
        scope: "preview",
        handlers: {
          approve: preview.approve,
          reject: preview.reject,
          hold: preview.hold,
          next: preview.next,
          playPause: preview.playPause,
          help: deps.help,
        },
      };
    }
    const { rows } = deps;
    const current = rows.order();
    return {
      scope: "list",
      handlers: {
        search: () => document.getElementById(SEARCH_INPUT_ID)?.focus(),
        down: () => rows.step(1),
        up: () => rows.step(-1),
        preview: () => current && adminActionsOf(current).preview && deps.preview(current),
        approve: () => current && allows(current, "approve") && deps.approve(current),
        reject: () =>
          current && adminActionsOf(current).preview && allows(current, "reject") && deps.reject(current),
        hold: () => current && adminActionsOf(current).hold && deps.hold(current),
        next: () => {
          const next = nextInReview(deps.orders(), rows.current.value?.id ?? null);
          if (next) rows.set(next, true);
        },
        help: deps.help,
      },
    };
  });
}
