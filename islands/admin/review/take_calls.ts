import type { AdminOrderView } from "../../../domain/order/views.ts";
import { takeLabel, type TakeNumber } from "../../../domain/song/takes.ts";
import type { TimedLyrics } from "../../../domain/song/timed_lyrics.ts";
import { api } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { failureToast } from "../actions/action_messages.ts";

/** The admin API of an order's two takes, with the toasts their answers get (staff-side §8). */

interface TakeAnswer {
  message: string;
  order: AdminOrderView;
}

export interface TakeTimingAnswer {
  takes: { take: TakeNumber; timing: TimedLyrics | null }[];
}

const takePath = (orderId: string, action: string) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/${action}`;

/** The order as answered, or null when the call failed (its toast already shown). */
export async function chooseTake(orderId: string, take: TakeNumber): Promise<AdminOrderView | null> {
  try {
    const answer = await api<TakeAnswer>("POST", takePath(orderId, "take"), { take });
    toast({ title: `${takeLabel(take)} chosen`, description: answer.message });
    return answer.order;
  } catch (error) {
    toast(failureToast("chooseTake", error));
    return null;
  }
}

export async function offerBonusTake(orderId: string, offered: boolean): Promise<AdminOrderView | null> {
  try {
    const answer = await api<TakeAnswer>("POST", takePath(orderId, "bonus-take"), { offered });
    toast({ title: offered ? "Bonus offered" : "Bonus withdrawn", description: answer.message });
    return answer.order;
  } catch (error) {
    toast(failureToast("bonusTake", error));
    return null;
  }
}

/** Each take's timed lyrics, by take number (null: none to show). */
export async function fetchTakeTimings(orderId: string): Promise<Map<TakeNumber, TimedLyrics | null>> {
  const answer = await api<TakeTimingAnswer>("GET", takePath(orderId, "timed-lyrics"));
  return new Map(answer.takes.map((each) => [each.take, each.timing]));
}
