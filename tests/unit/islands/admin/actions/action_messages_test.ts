import { assertEquals } from "@std/assert";
import { failureToast } from "../../../../../islands/admin/actions/action_messages.ts";
import { ApiError } from "../../../../../islands/lib/api.ts";

const answered = (message?: string) =>
  new ApiError(409, message ? JSON.stringify({ message }) : "", message, "Conflict");

Deno.test("failure toasts: the server's message under the action's title (staff-side §8)", () => {
  assertEquals(failureToast("approve", answered("This song was approved already.")), {
    title: "Failed to approve",
    description: "This song was approved already.",
    variant: "destructive",
  });
  assertEquals(failureToast("send", answered("Nope")).title, "Failed to send email");
  assertEquals(failureToast("resend", answered("Nope")).title, "Failed to resend email");
  assertEquals(failureToast("streaming", answered("Nope")).title, "Failed to update status");
  assertEquals(failureToast("email", answered("Nope")).title, "Failed to update email");
  assertEquals(failureToast("chooseTake", answered("Nope")).title, "Failed to choose the take");
  assertEquals(failureToast("bonusTake", answered("Nope")).title, "Failed to update the bonus");
  assertEquals(failureToast("reject", answered("Nope")).title, "Failed to reject");
  assertEquals(failureToast("hold", answered("Nope")).title, "Failed to hold");
});

Deno.test("failure toasts: fallbacks when the server sent no message", () => {
  assertEquals(failureToast("approve", answered()).description, "Please try again later.");
  assertEquals(failureToast("send", answered()).description, "Please try again later.");
  assertEquals(
    failureToast("streaming", answered()).description,
    "Failed to update streaming status. Please try again.",
  );
  assertEquals(failureToast("email", answered()).description, "Please try again later");
});

Deno.test("failure toasts: 'Error' and a try-again when the server could not be reached", () => {
  const offline = new TypeError("Failed to fetch");
  assertEquals(failureToast("approve", offline), {
    title: "Error",
    description: "Failed to approve song. Please try again.",
    variant: "destructive",
  });
  assertEquals(failureToast("send", offline).description, "Failed to send email. Please try again.");
  assertEquals(failureToast("resend", offline).description, "Failed to resend email. Please try again.");
  assertEquals(failureToast("email", offline).description, "Failed to update email. Please try again.");
});
