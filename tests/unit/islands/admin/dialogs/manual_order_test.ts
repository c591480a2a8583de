import { assertEquals } from "@std/assert";
import {
  checkManualOrder,
  duplicateWarning,
  type ManualOrderFields,
} from "../../../../../islands/admin/dialogs/manual_order.ts";
import { ApiError } from "../../../../../islands/lib/api.ts";

const FILLED: ManualOrderFields = {
  childName: " Mia ",
  childAge: "5",
  parentEmail: " parent@example.com ",
  songTitle: "Mia's Song",
  songLyrics: "\nVerse one\nChorus\n",
};

Deno.test("manual order: a full form becomes the API body, age as an integer, text trimmed", () => {
  assertEquals(checkManualOrder(FILLED, true), {
    ok: true,
    body: {
      childName: "Mia",
      childAge: 5,
      parentEmail: "parent@example.com",
      songTitle: "Mia's Song",
      songLyrics: "Verse one\nChorus",
    },
  });
});

Deno.test("manual order: anything empty (or only spaces), or no file, is 'Missing Information'", () => {
  const check = checkManualOrder({ ...FILLED, songTitle: "  ", childAge: "" }, false);
  assertEquals(check, {
    ok: false,
    missing: ["childAge", "songTitle", "songFile"],
    title: "Missing Information",
    description: "Please fill in all required fields",
  });
});

Deno.test("manual order: the age is a whole number from 1 to 18", () => {
  for (const age of ["0", "19", "4.5", "abc", "-3"]) {
    const check = checkManualOrder({ ...FILLED, childAge: age }, true);
    assertEquals(check.ok ? null : check.missing, ["childAge"], age);
  }
  for (const age of ["1", "18"]) assertEquals(checkManualOrder({ ...FILLED, childAge: age }, true).ok, true);
});

Deno.test("manual order: an address without @ or a dot is refused", () => {
  const check = checkManualOrder({ ...FILLED, parentEmail: "parent@example" }, true);
  assertEquals(check.ok ? null : [check.title, check.description], [
    "Invalid email",
    "Please enter a valid email address",
  ]);
});

Deno.test("manual order: only the server's duplicate warning offers to create the order anyway", () => {
  const refused = (status: number, body: string) => new ApiError(status, body, undefined, "");
  const warning = "Order #1003 already has this child, parent email and song title.";
  assertEquals(
    duplicateWarning(refused(409, JSON.stringify({ message: warning, code: "duplicate_order" }))),
    warning,
  );
  // Other conflicts (the upload already used) and other failures are errors, not warnings.
  assertEquals(duplicateWarning(refused(409, JSON.stringify({ message: "Taken." }))), null);
  assertEquals(
    duplicateWarning(refused(400, JSON.stringify({ message: warning, code: "duplicate_order" }))),
    null,
  );
  assertEquals(duplicateWarning(refused(409, "<html>Conflict</html>")), null);
  assertEquals(duplicateWarning(new Error("offline")), null);
});
