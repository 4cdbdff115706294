/**
 * A need's author is bound to the need itself (docs/trust.md): a person's `world spawn`
 * lends its authority to that one start line, never to a later one for the same session —
 * a forced restart, an MCP start, a line another machine wrote. Real CLI, real Verifier.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const offline = { env: { ANTHROPIC_API_KEY: "" } };
const lastStatus = (id: string) => collectEntries(w!.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id).at(-1);

/** A person spawns `id`; its agent (/bin/true) ends at once, and its parent fails the session. */
async function personSpawns(id: string, need = "command exits 0: true"): Promise<void> {
  const r = await world(w!.home, ["--as-human", "spawn", "--id", id, `build | need: ${need}`, "--", "/bin/true"]);
  expect(r.exitCode).toBe(0);
  await waitForEntry(w!.paths, (e) => e.kind === "agent" && e.id === id && e.status === "failed", { what: `the end of ${id}'s agent` });
}

function victimDir(): string {
  const victim = join(w!.home, "victim");
  mkdirSync(victim);
  return victim;
}

describe("a person's authority over a need", () => {
  it("does not pass to a forced restart with another need (the attack of issue 19)", async () => {
    w = tempWorld();
    const victim = victimDir();
    await personSpawns("hs");
    const forced = await world(w.home, ["agent", "start", "hs", `evil | need: command exits 0: rm -rf ${victim}`, "--force"]);
    expect(forced.exitCode).toBe(0);
    expect((await world(w.home, ["agent", "finish", "hs", "done"])).exitCode).toBe(0);
    await world(w.home, ["verify", "--once"], offline);
    expect(existsSync(victim)).toBe(true);
    expect(lastStatus("hs")).toMatchObject({ status: "failed", output: expect.stringMatching(/`rm -rf .*victim` was not run: rm is not on the allow-list/) });
  });

  it("does not pass to a start line another machine wrote (as world sync appends it)", async () => {
    w = tempWorld();
    const victim = victimDir();
    await personSpawns("hs");
    // world sync writes another machine's lines as they are: an Appender with their text.
    appendOnce(w.paths, { kind: "agent", status: "start", id: "hs", output: "evil", need: `command exits 0: rm -rf ${victim}` });
    appendOnce(w.paths, { kind: "agent", status: "finish", id: "hs", output: "done" });
    await world(w.home, ["verify", "--once"], offline);
    expect(existsSync(victim)).toBe(true);
    expect(lastStatus("hs")).toMatchObject({ status: "failed", output: expect.stringMatching(/was not run/) });
  });

  it("does not pass even to a restart that repeats the person's need word for word on another line", async () => {
    w = tempWorld();
    const made = join(w.home, "made.txt");
    await personSpawns("same", `command exits 0: touch ${made}`);
    await world(w.home, ["agent", "start", "same", `build | need: command exits 0: touch ${made}`, "--force"]);
    await world(w.home, ["agent", "finish", "same", "done"]);
    await world(w.home, ["verify", "--once"], offline);
    expect(existsSync(made)).toBe(false);
    expect(lastStatus("same")).toMatchObject({ status: "failed" });
  });

  it("stays with the person's own start line: its check runs, off the allow-list", async () => {
    w = tempWorld();
    const made = join(w.home, "made.txt");
    await personSpawns("ok", `command exits 0: touch ${made}`);
    await world(w.home, ["agent", "finish", "ok", "done", "--force"]);
    await world(w.home, ["verify", "--once"], offline);
    expect(existsSync(made)).toBe(true);
    expect(lastStatus("ok")).toMatchObject({ status: "verified", output: expect.stringMatching(/off the allow-list: run because a person wrote the need/) });
  });
});
