/**
 * A zod issue in the project's words: what was expected where, and what was received, for
 * one-line errors (tools/errors.ts). Shared by the config reader and the state-file reader.
 */
import type { z } from "zod";
import { shown } from "./errors.js";

/** zod's message without its own "received …" (ours shows the value itself), lower-cased like ours. */
export function describeIssue(issue: z.ZodError["issues"][number]): string {
  const message = issue.message.replace(/,? received \w+$/i, "");
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/** The value at `path` in `root`, shown short. */
export function receivedAt(root: unknown, path: readonly PropertyKey[]): string {
  let value: unknown = root;
  for (const key of path) value = value === null || typeof value !== "object" ? undefined : (value as Record<PropertyKey, unknown>)[key];
  if (typeof value === "string") return shown(value);
  const json = JSON.stringify(value) ?? "nothing";
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}
