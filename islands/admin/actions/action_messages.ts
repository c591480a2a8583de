import { ApiError } from "../../lib/api.ts";
import type { ToastInput } from "../../lib/toast.ts";

/**
 * Staff-side §8, the toasts of failed admin actions: when the server answered, its message (or a
 * fallback) under the action's title; when it could not be reached, 'Error' and a please-try-again.
 */
export type AdminAction =
  | "approve"
  | "reject"
  | "hold"
  | "send"
  | "resend"
  | "streaming"
  | "email"
  | "regenerate"
  | "refund"
  | "chooseTake"
  | "bonusTake";

interface FailureTexts {
  title: string;
  fallback: string;
  network: string;
}

const FAILURE_TEXTS: Record<AdminAction, FailureTexts> = {
  approve: {
    title: "Failed to approve",
    fallback: "Please try again later.",
    network: "Failed to approve song. Please try again.",
  },
  // Not in the spec's catalogue (staff-side §8): worded like Approve's.
  reject: {
    title: "Failed to reject",
    fallback: "Please try again later.",
    network: "Failed to send the song back. Please try again.",
  },
  hold: {
    title: "Failed to hold",
    fallback: "Please try again later.",
    network: "Failed to hold the song. Please try again.",
  },
  send: {
    title: "Failed to send email",
    fallback: "Please try again later.",
    network: "Failed to send email. Please try again.",
  },
  resend: {
    title: "Failed to resend email",
    fallback: "Please try again later.",
    network: "Failed to resend email. Please try again.",
  },
  streaming: {
    title: "Failed to update status",
    fallback: "Failed to update streaming status. Please try again.",
    network: "Failed to update streaming status. Please try again.",
  },
  email: {
    title: "Failed to update email",
    fallback: "Please try again later",
    network: "Failed to update email. Please try again.",
  },
  // Not in the spec's catalogue: worded like its neighbours.
  regenerate: {
    title: "Failed to regenerate song",
    fallback: "Please try again later.",
    network: "Failed to regenerate song. Please try again.",
  },
  refund: {
    title: "Failed to refund",
    fallback: "Please try again later.",
    network: "Failed to refund the payment. Please try again.",
  },
  chooseTake: {
    title: "Failed to choose the take",
    fallback: "Please try again later.",
    network: "Failed to choose the take. Please try again.",
  },
  bonusTake: {
    title: "Failed to update the bonus",
    fallback: "Please try again later.",
    network: "Failed to update the bonus take. Please try again.",
  },
};

export function failureToast(action: AdminAction, error: unknown): ToastInput {
  const texts = FAILURE_TEXTS[action];
  if (error instanceof ApiError) {
    return { title: texts.title, description: error.serverMessage || texts.fallback, variant: "destructive" };
  }
  return { title: "Error", description: texts.network, variant: "destructive" };
}
