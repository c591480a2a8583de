import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { NotFoundError } from "../../../domain/errors.ts";
import {
  PROMPT_KINDS,
  promptBodySchema,
  promptSavedMessage,
  promptVersionParamSchema,
} from "../../../domain/prompts/form.ts";
import { promptRestoredMessage } from "../../../domain/prompts/kinds.ts";
import { promptScopeOfUser } from "../../../domain/prompts/scope.ts";
import { listSystemPromptVersions } from "../../../kv/prompt_history.ts";
import { readSystemPrompt, readSystemPromptVersion } from "../../../kv/prompts.ts";
import { restorePromptVersion, savePrompt } from "../../../orders/system_prompts.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdminOrDemo } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/**
 * The system prompt editor's calls (staff-side §7): read and save the lyrics and tags prompts.
 * Admins and demo users (staff-side §2: the navigation's Admin Settings entry is theirs); a demo
 * user reads and writes the demo scope, which only demo orders use (domain/prompts/scope.ts).
 */
export const promptsAdminApi = new Hono<AppEnv>();

const UNKNOWN_PROMPT = "There is no such system prompt: use lyrics or tags.";

promptsAdminApi.use("/system-prompt/*", requireAdminOrDemo);

// One route per kind rather than a `:kind` parameter, so each save is validated with its own
// messages ('Lyrics prompt cannot be empty' / 'Tags prompt cannot be empty').
for (const kind of PROMPT_KINDS) {
  promptsAdminApi.get(`/system-prompt/${kind}`, async (c) => {
    return c.json(await readSystemPrompt(c.var.deps.kv, kind, promptScopeOfUser(currentUser(c))));
  });

  promptsAdminApi.post(`/system-prompt/${kind}`, valid("json", promptBodySchema(kind)), async (c) => {
    const saved = await savePrompt(c.var.deps, kind, c.req.valid("json").prompt, currentUser(c));
    return c.json({ message: promptSavedMessage(kind, saved.version), ...saved });
  });

  // Beyond the spec: the history, newest first, with who saved each version and when.
  promptsAdminApi.get(`/system-prompt/${kind}/versions`, async (c) => {
    return c.json(await listSystemPromptVersions(c.var.deps.kv, kind, promptScopeOfUser(currentUser(c))));
  });

  // A restore is a new version with the earlier text, never a rewind: history only grows.
  promptsAdminApi.post(
    `/system-prompt/${kind}/versions/:version/restore`,
    zValidator("param", promptVersionParamSchema, (result, c) => {
      if (!result.success) {
        throw new NotFoundError(
          `The ${kind} prompt has no version ${(c.req.param("version") ?? "").slice(0, 20)}.`,
        );
      }
    }),
    async (c) => {
      const { version } = c.req.valid("param");
      const saved = await restorePromptVersion(c.var.deps, kind, version, currentUser(c));
      return c.json({ message: promptRestoredMessage(kind, version, saved.version), ...saved });
    },
  );

  // Beyond the spec: the text of an earlier version, e.g. the one an order's promptVersions names.
  promptsAdminApi.get(`/system-prompt/${kind}/versions/:version`, async (c) => {
    const number = c.req.param("version");
    const found = /^\d{1,9}$/.test(number)
      ? await readSystemPromptVersion(c.var.deps.kv, kind, Number(number), promptScopeOfUser(currentUser(c)))
      : null;
    if (!found) throw new NotFoundError(`The ${kind} prompt has no version ${number.slice(0, 20)}.`);
    return c.json(found);
  });
}

promptsAdminApi.all("/system-prompt/*", () => {
  throw new NotFoundError(UNKNOWN_PROMPT);
});
