/**
 * One escalation line per event, written for a person (issue 12.7), in a real world:
 * the Verifier (`world verifier`), the Spirit and the Keeper (`world keep --once`) as
 * processes, an agent that never does what its need asks. A failure is told once — the
 * Spirit's `needs you:` line, with the question built from the need ("I could not find
 * invoice-march.pdf after 4 tries. Where is it?") — with no `event:system nudge` or
 * `event:notify` saying it again; the Keeper's reminder is one more line; after the
 * person's answer the tries are counted again from 1.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterEach, expect, it } from "vitest";
import type { Located } from "../../tools/world/entry.js";
import { collectEntries } from "../../tools/world/read.js";
import { fixture } from "../agents/support.js";
import { startSpirit, stopSpirit, waitForCursor, type SpiritProcess } from "../spirit/helpers.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
let verifier: ResultPromise | undefined;
let spirit: SpiritProcess | undefined;

afterEach(async () => {
  if (spirit) await stopSpirit(spirit);
  spirit = undefined;
  if (verifier) {
    verifier.kill("SIGTERM");
    await verifier;
    verifier = undefined;
  }
  w?.cleanup();
  w = undefined;
});

/**
 * Every line under the session's id that tells a person about it: the three kinds that
 * each said the same failure before (`event:system nudge:`, `event:spirit needs you:`,
 * `event:notify`), and anything else the Spirit says.
 */
function toldLines(id: string): string[] {
  return collectEntries(w!.paths.log)
    .entries.filter((e) => e.kind === "event" && e.id === id && (e.source === "spirit" || e.source === "notify" || (e.source === "system" && e.output.startsWith("nudge"))))
    .map((e) => `[${e.kind === "event" ? e.source : ""}] ${e.output}`);
}

it("a failure is one line for a person, the Keeper's reminder one more, and the tries count per round", async () => {
  w = tempWorld();
  mkdirSync(w.paths.dir, { recursive: true });
  // The Keeper reminds as soon as it sweeps; no disk alarm from this machine's real disk.
  writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { escalateAfter: "1ms", diskLowMiB: 0 } }));
  spirit = await startSpirit(w.paths);
  verifier = execa(process.execPath, [WORLD_BIN, "--home", w.home, "verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
  const spawned = await world(w.home, ["spawn", "send the March invoice | need: file exists invoice-march.pdf", "--", fixture("stubborn.sh")]);
  expect(spawned.stderr).toBe("");
  const id = spawned.stdout.trim();
  const isFailed = (e: Located) => e.kind === "agent" && e.id === id && e.status === "failed";
  const needsYou = (after: number) => (e: Located) => e.kind === "event" && e.source === "spirit" && e.id === id && e.line > after;

  const failed = await waitForEntry(w.paths, isFailed, { timeoutMs: 60_000 });
  expect(failed.kind === "agent" && failed.need).toBe("I could not find invoice-march.pdf after 4 tries. Where is it?");
  await waitForEntry(w.paths, needsYou(failed.line));
  await waitForCursor(w.paths);
  const told = `[spirit] needs you: I could not find invoice-march.pdf after 4 tries. Where is it? (task "send the March invoice"; answer: world respond ${id} <text>)`;
  expect(toldLines(id)).toEqual([told]);

  // The Keeper's reminder: one line of its own, nothing more from the Spirit.
  expect((await world(w.home, ["keep", "--once"])).exitCode).toBe(0);
  await waitForCursor(w.paths);
  const reminder = toldLines(id)[1];
  expect(reminder).toMatch(/^\[system\] nudge: still waiting for you after \d+ (ms|s): I could not find invoice-march\.pdf after 4 tries\. Where is it\? \(task "send the March invoice"; answer: world respond \S+ <text>\)$/);
  expect(toldLines(id)).toEqual([told, reminder]);

  // The person answers; the agent still finds no invoice: a new round, counted from its own first try.
  expect((await world(w.home, ["--as-human", "respond", id, "it is in the mail folder"])).exitCode).toBe(0);
  const again = await waitForEntry(w.paths, (e) => isFailed(e) && e.line > failed.line, { timeoutMs: 60_000 });
  expect(again.kind === "agent" && again.need).toBe("I could not find invoice-march.pdf after 4 tries. Where is it?");
  await waitForEntry(w.paths, needsYou(again.line));
  await waitForCursor(w.paths);
  expect(toldLines(id)).toEqual([told, reminder, told]);
  expect(collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "notify")).toEqual([]);
}, 120_000);
