import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import { BadRequestError } from "../../domain/errors.ts";

/**
 * `zValidator` whose failures go through the one error mapper: a 400 with a readable `message`
 * naming the first problem, instead of the validator's raw issue dump.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new BadRequestError(describeIssue(result.error.issues[0]));
  });
}

/**
 * Our own messages ("Please enter your email address.") stand alone; zod's defaults ("Invalid
 * input: expected string, received number", "Too big: …") need the field's name to make sense.
 */
export function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "The request is not valid.";
  const field = issue.path.map(String).join(".");
  return field && ZOD_DEFAULT.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
}

const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)\b/;

/**
 * A body that may be left out or be one of several shapes (a session id or a whole demo order; Send
 * Now's confirmation), read leniently before its schema: nothing, or something other than an object,
 * is null; text that is not JSON is a 400.
 */
export async function optionalJson(c: Context): Promise<Record<string, unknown> | null> {
  const text = await c.req.text();
  if (!text) return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    throw new BadRequestError("The request body is not valid JSON.");
  }
}
