/** What the signed-sync attacks look at in a world (chaos/sync-*.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { appendOnce } from "../../tools/world/append.js";
import { worldPaths } from "../../tools/world/paths.js";
import { waitFor } from "../support.js";

/** One line of the world's own, with an id to find it by elsewhere. */
export function appendLine(home: string, id: string, output = "a line of its own"): void {
  appendOnce(worldPaths(home), { kind: "event", source: "bash", id, output });
}

/** Whether a line with this id reaches the world (false after a minute). */
export function landed(home: string, id: string): Promise<boolean> {
  return waitFor(home, (e) => e.id === id, 60_000);
}

/** How many of these ids (or texts) are in the world's log. */
export function forgedIn(home: string, marks: readonly string[]): number {
  const text = readFileSync(join(home, "world.log"), "utf8");
  return marks.filter((m) => text.includes(m)).length;
}
