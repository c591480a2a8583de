import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
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
