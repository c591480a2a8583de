import { assertEquals } from "@std/assert";
import { regenerateQuestion } from "../../../../../islands/admin/actions/regenerate_words.ts";
import { restartStageOf, STAGE_LABELS } from "../../../../../domain/generation/stages.ts";

const base = { childName: "Fay", emailSentAt: null, currentStage: null };

Deno.test("Regenerate on a failed order names the stage it restarts at, the one the row then shows", () => {
  assertEquals(
    regenerateQuestion({ ...base, status: "failed", currentStage: "SUNO_STATUS" }),
    "Start Fay's song again from Song Creation? It failed at Song Status Check, which cannot be resumed, so the song is created again.",
  );
  assertEquals(STAGE_LABELS[restartStageOf("SUNO_STATUS")], "Song Creation", "the server's rule");
  assertEquals(
    regenerateQuestion({ ...base, status: "failed", currentStage: "TAGS" }),
    "Start Fay's song again from Music Tags?",
  );
  assertEquals(
    regenerateQuestion({ ...base, status: "failed", currentStage: null }),
    "Start Fay's song again from Lyrics Generation?",
  );
});

Deno.test("Regenerate on a delivered song says the family already has the song it replaces", () => {
  const fresh = regenerateQuestion({ ...base, status: "completed" });
  assertEquals(
    fresh,
    "Make a new song for Fay from the current lyrics? It gets a new style, title and audio, and its approval and delivery schedule are reset.",
  );
  assertEquals(
    regenerateQuestion({ ...base, status: "completed", emailSentAt: "2026-11-27T10:00:00.000Z" }),
    `${fresh} The family already received the song being replaced: their link stops playing it until the new one is approved and sent.`,
  );
});
