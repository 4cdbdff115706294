/**
 * What a web-watch keeps across a park (docs/agents.md "Parking"): between two checks far
 * apart it ends its process, and the relaunched run goes on where it stopped.
 *
 * - The small part rides on the park line itself, `sleep until <ISO> state {"v":1,…}`, and
 *   comes back in WORLD_STATE: the page's hash, the counters, when the watch started, the
 *   error it last reported.
 * - The page's text (to describe the next change in words) can be large and is private:
 *   `.world/web-watch/<id>.json`, owner-only, replaced atomically; removed when the watch ends.
 *   Lost or unreadable, the watch still knows the hash; it only cannot say what changed.
 */
import { join } from "node:path";
import { z } from "zod";
import { readJsonStateOrNone } from "../../tools/fs/json-file.js";
import { removeFile, writePrivateJson } from "../../tools/process/private-json.js";
import type { WorldPaths } from "../../tools/world/paths.js";

const StateSchema = z.object({
  v: z.literal(1),
  /** sha256 of the page's visible text at the last good look; absent: no good look yet. */
  hash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  checks: z.number().int().min(0),
  changes: z.number().int().min(0),
  /** When the watch began (ms since the epoch): its duration counts from there. */
  started: z.number().int().min(0),
  lastError: z.string().max(200).optional(),
});
export type WatchState = z.infer<typeof StateSchema>;

const PageSchema = z.object({ v: z.literal(1), url: z.string(), text: z.string(), at: z.string(), lastChange: z.string().optional() });
export type KeptPage = z.infer<typeof PageSchema>;

/** The state a woken run was handed (WORLD_STATE), or undefined: a fresh watch. */
export function stateFromEnv(env: NodeJS.ProcessEnv = process.env): WatchState | undefined {
  if (!env.WORLD_STATE) return undefined;
  try {
    const parsed = StateSchema.safeParse(JSON.parse(env.WORLD_STATE));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function pageFile(paths: WorldPaths, id: string): string {
  return join(paths.dir, "web-watch", `${id}.json`);
}

export function keepPage(paths: WorldPaths, id: string, page: KeptPage): void {
  writePrivateJson(pageFile(paths, id), page);
}

/** The page kept for this watch, if it is there and is of the same URL. */
export function keptPage(paths: WorldPaths, id: string, url: string): KeptPage | undefined {
  const page = readJsonStateOrNone(pageFile(paths, id), PageSchema, "kept page");
  return page?.url === url ? page : undefined;
}

export function forgetPage(paths: WorldPaths, id: string): void {
  removeFile(pageFile(paths, id));
}
