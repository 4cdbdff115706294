/**
 * Needs that would take the Verifier down: endless output, a command that never ends, a
 * command that eats memory, a backtracking regex. Each is a `failed` verdict saying why,
 * in bounded time, and the other sessions get their verdicts too (real `world verify`).
 */
import { afterEach, describe, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, world, writeSpawnRecord, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

function session(id: string, need: string, output: string, needFrom: "human" | "program" = "human") {
  appendOnce(w!.paths, { kind: "agent", status: "start", id, output: `task ${id}`, need });
  appendOnce(w!.paths, { kind: "agent", status: "finish", id, output });
  writeSpawnRecord(w!.paths, id, needFrom);
}

/** The Verifier's verdict: the line after the finish (a retry relaunches `true`, whose end is logged after it). */
function verdict(id: string) {
  const lines = collectEntries(w!.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id);
  return lines[lines.findIndex((e) => e.kind === "agent" && e.status === "finish") + 1];
}

describe("poisoned needs", () => {
  it("cat /dev/zero, sleep 1000 and /^(a+)+$/ each fail with why, a memory hog hits its bound; the honest session is verified", async () => {
    w = tempWorld();
    // 1 GiB at once: it succeeds without the bound; under it the allocation fails at once.
    const hog = `${process.execPath} -e "Buffer.alloc(1 << 30, 1)"`;
    session("zero", "command exits 0: cat /dev/zero", "done", "program"); // cat is on the allow-list: anyone's need runs it
    session("sleep", "command exits 0: sleep 1000", "done");
    session("hog", `command exits 0: ${hog}`, "done");
    session("regex", "output matches /^(a+)+$/", `${"a".repeat(30)}!`);
    session("honest", 'output contains "ok"', "all ok");
    const started = Date.now();
    const r = await world(w.home, ["verify", "--once"], { env: { ANTHROPIC_API_KEY: "", WORLD_CHECK_TIMEOUT_MS: "3000", WORLD_REGEX_DEADLINE_MS: "1000" } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe("verify: 1 verified, 1 retry, 3 failed; 0 human answers, 1 agents relaunched");
    // The bounds, not the poisons, decide how long it takes (sleep alone would be 1000 s).
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(verdict("zero")).toMatchObject({ status: "failed", output: expect.stringMatching(/^`cat \/dev\/zero` was stopped: it printed more than 1048576 bytes/) });
    expect(verdict("sleep")).toMatchObject({ status: "failed", output: expect.stringMatching(/^`sleep 1000` was stopped: it ran longer than 3000 ms/) });
    expect(verdict("hog")).toMatchObject({ status: "retry", output: expect.stringMatching(/Buffer.alloc\(1 << 30, 1\)` exited 1 /) }); // unbounded, it exits 0
    expect(verdict("regex")).toMatchObject({ status: "failed", output: expect.stringMatching(/^\/\^\(a\+\)\+\$\/ took longer than 1000 ms/), need: expect.stringMatching(/^I could not check ".*" myself \(.*\)\. Can you check it and tell me\?$/) });
    expect(verdict("honest")).toMatchObject({ status: "verified" });
  });

  it("a regex that does not backtrack still judges, through its worker", async () => {
    w = tempWorld();
    session("m1", "output matches /total: \\d+/i", "TOTAL: 42");
    session("m2", "output matches /total: \\d+/", "nothing");
    const r = await world(w.home, ["verify", "--once"], { env: { ANTHROPIC_API_KEY: "" } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(verdict("m1")).toMatchObject({ status: "verified", output: "the finish output matches /total: \\d+/i [judge: evidence]" });
    expect(verdict("m2")).toMatchObject({ status: "retry" });
  });
});
