/**
 * The CLI's rough edges in daily use (issue 12.5): `status` names the daemons, `check`
 * says "nothing new" to a person at a terminal, `query nudges` says when there are none,
 * `listen` refuses the Spirit's options without --spirit, and a mistyped --home that
 * creates a new world says so once.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, expect, it } from "vitest";
import { worldPaths } from "../../../tools/world/paths.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

it("world status says which daemons `world up` runs, and when none does", async () => {
  w = tempWorld();
  const none = await world(w.home, ["status"]);
  expect(none.exitCode, none.stderr).toBe(0);
  expect(none.stdout).toContain("\ndaemons    none: `world up` has not run in this world\n");

  const since = "2026-11-22T10:02:11.000Z";
  const write = (upPid: number) =>
    writeFileSync(join(w.paths.dir, "up-status.json"), JSON.stringify({
      pid: upPid,
      children: [
        { name: "keeper", state: "running", pid: process.pid, restarts: 0, since },
        { name: "verifier", state: "given-up", pid: null, restarts: 5, since, last: "exited with code 3" },
      ],
    }));
  write(process.pid); // this test's process stands in for a live `world up` and its child
  // Local time, the same formatter as every human output (tools/time-text.ts): here in Tokyo, UTC+9, another day.
  const up = await world(w.home, ["status"], { env: { TZ: "Asia/Tokyo" } });
  expect(up.stdout).toMatch(new RegExp(`\\ndaemons    keeper    running since 2026-11-22 19:02:11 \\(\\d+d( \\d+h)? ago\\) \\(pid ${process.pid}\\)\\n`));
  expect(up.stdout).toContain("\n           verifier  given-up, 5 restarts (last: exited with code 3)\n");

  const gone = Number((await execa("node", ["-e", "process.stdout.write(String(process.pid))"])).stdout);
  write(gone); // a killed `world up` leaves its file behind
  expect((await world(w.home, ["status"])).stdout).toContain(`\ndaemons    none: \`world up\` (pid ${gone}) is not running\n`);
});

it("human output shows local times, relative where it helps; JSON keeps ISO UTC", async () => {
  w = tempWorld();
  for (const args of [["agent", "start", "s1", "a task", "--need", "n"], ["agent", "active", "s1", "working"], ["event", "bash", "b1", "ran"]]) {
    expect((await world(w.home, [...args, "-q"])).exitCode).toBe(0);
  }
  const env = { TZ: "Asia/Kolkata" }; // UTC+5:30: a local time is never the UTC one
  const json = JSON.parse(String((await world(w.home, ["query", "active", "--json"])).stdout)) as { updatedAt: string };
  expect(json.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const local = new Date(json.updatedAt).toLocaleTimeString("en-GB", { timeZone: "Asia/Kolkata", hour12: false });
  const active = String((await world(w.home, ["query", "active"], { env })).stdout);
  expect(active).toContain(`s1  ${local} (`);
  expect(active).not.toContain(json.updatedAt);
  const status = String((await world(w.home, ["status"], { env })).stdout);
  expect(status).toMatch(new RegExp(`oldest active  s1 \\(active since ${local} \\(\\d+s ago\\)\\)`));
  const tail = String((await world(w.home, ["tail", "-n", "1"], { env })).stdout);
  expect(tail.startsWith(new Date(JSON.parse(String((await world(w.home, ["tail", "-n", "1", "--json"])).stdout)).ts).toLocaleTimeString("en-GB", { timeZone: "Asia/Kolkata", hour12: false }))).toBe(true);
});

it("world check says nothing new on a terminal, and prints nothing into a pipe", async () => {
  w = tempWorld();
  expect((await world(w.home, ["event", "user", "x", "hello"])).exitCode).toBe(0);
  expect((await world(w.home, ["check", "me"])).stdout).toMatch(/\]\[event:user\]\[x\] hello \(from program\)\n?$/);
  const piped = await world(w.home, ["check", "me"]);
  expect(piped.exitCode).toBe(0);
  expect(piped.stdout).toBe("");
  // A real pseudo-terminal (util-linux `script`): what a person typing the command sees.
  const tty = await execa("script", ["-qec", `node ${JSON.stringify(WORLD_BIN)} --home ${JSON.stringify(w.home)} check me`, "/dev/null"], { reject: false, env: { WORLD_HOME: undefined }, extendEnv: true });
  expect(tty.exitCode, tty.stderr).toBe(0);
  expect(tty.stdout.replace(/\r/g, "").trim()).toBe("(nothing new for me)");
  const json = await execa("script", ["-qec", `node ${JSON.stringify(WORLD_BIN)} --home ${JSON.stringify(w.home)} check me --json`, "/dev/null"], { reject: false });
  expect(json.stdout.trim()).toBe(""); // JSON is for programs: nothing but entries
});

it("world query nudges says when no question is open", async () => {
  w = tempWorld();
  expect((await world(w.home, ["query", "nudges"])).stdout).toBe("(no nudges waiting)");
  expect((await world(w.home, ["query", "nudges", "declined"])).stdout).toBe("(no declined nudges)");
  expect((await world(w.home, ["query", "nudges", "--json"])).stdout).toBe("");
  await world(w.home, ["event", "spirit", "n-1", "nudge: Water the plants?"]);
  // The question, as people read it, and how to answer it.
  expect((await world(w.home, ["query", "nudges"])).stdout).toMatch(/^\d\d:\d\d:\d\d n-1 {2}Water the plants\?\n {4}open, expires in .* · answer: world respond n-1 yes\|no$/);
});

it("world listen refuses the Spirit's options without --spirit, in one line, exit 2, writing nothing", async () => {
  w = tempWorld();
  const r = await world(w.home, ["listen", "--calendar", "work.ics", "--brain", "nonsense"], { input: '{"speaker":"user","text":"hello"}\n' });
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toBe("world: Spirit options without --spirit: expected --spirit with --calendar, --brain (they set up the Spirit), received --calendar, --brain alone");
  expect(existsSync(w.paths.log)).toBe(false);
  // --user names the speaker for listen itself: still fine alone.
  const user = await world(w.home, ["listen", "--user", "ana"], { input: '{"speaker":"ana","text":"hello"}\n' });
  expect(user.exitCode, user.stderr).toBe(0);
});

it("a --home that did not exist: event and spawn say once that they created a new world there", async () => {
  w = tempWorld();
  const typo = join(w.home, "wrold");
  const first = await world(typo, ["event", "user", "x", "hello", "-q"]);
  expect(first.exitCode).toBe(0);
  expect(first.stderr).toBe(`world: created a new world at ${typo} (no such directory before: check --home or WORLD_HOME if you meant another)`);
  expect((await world(typo, ["event", "user", "x", "again", "-q"])).stderr).toBe("");

  const other = join(w.home, "elsewhere");
  const spawned = await world(other, ["spawn", "say hi | need: event notify logged", "--", "/bin/true"]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
  expect(spawned.stderr).toBe(`world: created a new world at ${other} (no such directory before: check --home or WORLD_HOME if you meant another)`);
  // The agent's parent writes its exit after spawn returned: wait for it, or the clean-up
  // would race its last write into the world (ENOTEMPTY under load).
  const id = spawned.stdout.trim();
  await waitForEntry(worldPaths(other), (e) => e.kind === "agent" && e.status === "failed" && e.id === id);
  // An existing, empty directory is a world someone chose: nothing to say.
  expect((await world(w.home, ["event", "user", "x", "hello", "-q"])).stderr).toBe("");
});

it("world respond --help speaks of questions and yes / no, not only failed agents", async () => {
  w = tempWorld();
  const r = await world(w.home, ["respond", "--help"]);
  expect(r.stdout).toContain("answer a failed agent, or a question the Spirit asked (yes / no / maybe later)");
  expect(r.stdout).toContain("world respond nudge-9 yes");
});
