/**
 * A full disk (real small tmpfs; mounting needs root, so the row is skipped with the
 * reason otherwise). First, 60 entries written into 64 KiB until it is full, with long
 * outputs (attachments) and short ones: every acknowledged entry is in the log whole, no
 * failed one is, no attachment is left without its line, and every failure is one line on
 * stderr. Then `world up` on a full disk: finishes written into the last free bytes while
 * its Verifier is held still, the disk filled to the brim, the Verifier let go, 10 s full:
 * `world up` and every child survive (none given up), `status` says FULL, `query` answers,
 * no lock leaves an empty temporary file; once space is freed, every finish acknowledged
 * meanwhile gets exactly one verdict, by itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { worldPaths } from "../tools/world/paths.js";
import { collectEntries } from "../tools/world/read.js";
import { CLEAN_ENV, smallDisk, verdictTally, waitFor, world } from "./support.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const WRITES = 60;
const FINISHES = 6;
const FULL_FOR_MS = 10_000;

interface UpChild { name: string; state: string; pid: number | null }

const upChildren = (home: string): UpChild[] => {
  try {
    return (JSON.parse(readFileSync(join(home, ".world/up-status.json"), "utf8")) as { children: UpChild[] }).children;
  } catch {
    return [];
  }
};

const tempFilesLeft = (home: string) => readdirSync(join(home, ".world/locks"), { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)t\.\d+\./.test(f)).length;

const oneLine = (stderr: unknown) => String(stderr).trimEnd().split("\n").length === 1 && !/internal error/.test(String(stderr));

/** `world up` through a full disk; the damage it found, and what it saw. */
async function upThroughFullDisk(ctx: ChaosContext): Promise<{ skipped: string } | { tried: number; lost: number; forged: number; doubled: number; missing: number; notes: string }> {
  const disk = smallDisk(ctx.tmp(), "8m");
  if ("skipped" in disk) return disk;
  const home = disk.dir;
  const up = execa(process.execPath, [ctx.bin, "--home", home, "up", "--only", "keeper,verifier,spirit", "--backoff", "100ms", "--max-restarts", "3"], { reject: false, env: CLEAN_ENV, stdin: "ignore" });
  try {
    const ready = await waitFor(home, (e) => e.id === "spirit" && e.output.startsWith("awake:"), 60_000);
    const ids = Array.from({ length: FINISHES }, (_, i) => `fu-${i}`);
    for (const id of ids) await world(ctx, home, ["agent", "start", id, "say ok", "--need", "output contains ok", "-q"]);
    const verifier = upChildren(home).find((c) => c.name === "verifier")?.pid ?? undefined;
    if (!ready || verifier === undefined) return { tried: 1, lost: 0, forged: 1, doubled: 0, missing: 0, notes: "world up did not start" };
    process.kill(verifier, "SIGSTOP");
    disk.fill(256 * 1024);
    const acknowledged: string[] = [];
    for (const id of ids) if ((await world(ctx, home, ["agent", "finish", id, "ok", "-q"])).exitCode === 0) acknowledged.push(id);
    disk.fill();
    process.kill(verifier, "SIGCONT");
    let bad = 0;
    const notes: string[] = [];
    const status = await world(ctx, home, ["status"]);
    if (status.exitCode !== 0 || !/^disk {7}FULL: /m.test(String(status.stdout))) { bad++; notes.push("status did not say FULL"); }
    const pending = await world(ctx, home, ["query", "pending", "--json"]);
    if (pending.exitCode !== 0) { bad++; notes.push("query failed"); }
    const refused = await world(ctx, home, ["agent", "start", "fu-x", "more", "--need", "done"]);
    if (refused.exitCode === 0 || !oneLine(refused.stderr) || !/the disk holding \S+ is full/.test(String(refused.stderr))) { bad++; notes.push("a refusal not one line naming the disk"); }
    const started = Date.now();
    while (Date.now() - started < FULL_FOR_MS && up.exitCode === null) await new Promise((r) => setTimeout(r, 250));
    const gaveUp = upChildren(home).filter((c) => c.state === "given-up").map((c) => c.name);
    if (up.exitCode !== null) { bad++; notes.push(`world up died (exit ${up.exitCode})`); }
    if (gaveUp.length > 0) { bad++; notes.push(`gave up on ${gaveUp.join(", ")}`); }
    const temps = tempFilesLeft(home);
    disk.free();
    for (const id of acknowledged) await waitFor(home, (e) => e.kind === "agent" && e.id === id && ["verified", "retry", "failed"].includes(e.status), 90_000);
    if (up.exitCode !== null) { bad++; notes.push("world up died after space returned"); }
    const tally = verdictTally(home, acknowledged);
    return {
      tried: 1 + acknowledged.length,
      lost: 0,
      forged: bad + temps,
      doubled: tally.doubled,
      missing: tally.missing,
      notes: `world up: ${acknowledged.length} finishes written on the full disk, judged after; ${temps} temp files left${notes.length ? `; ${notes.join("; ")}` : ""}`,
    };
  } finally {
    const pids = upChildren(home).map((c) => c.pid).filter((p): p is number => p !== null);
    up.kill("SIGTERM");
    await up;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL"); // stopped with up, normally: only a straggler is left to this
      } catch {
        // gone
      }
    }
    disk.unmount();
  }
}

const attack: ChaosAttack = {
  name: "full disk (64 KiB tmpfs, 60 writes; world up through 10 s of full disk)",
  async run(ctx) {
    const disk = smallDisk(ctx.tmp(), "64k");
    const nothing = { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0 };
    if ("skipped" in disk) return { ...nothing, skipped: disk.skipped };
    let mounted = true;
    try {
      const acknowledged: string[] = [];
      const refused: string[] = [];
      let badErrors = 0;
      for (let i = 0; i < WRITES; i++) {
        const id = `fd-${i}`;
        const output = `${id} ${(i % 3 === 0 ? "L" : "s").repeat(i % 3 === 0 ? 5000 : 1500)}`;
        const r = await world(ctx, disk.dir, ["event", "system", id, output]);
        if (r.exitCode === 0) acknowledged.push(id);
        else refused.push(id);
        if (r.exitCode !== 0 && (String(r.stderr).trimEnd().split("\n").length !== 1 || /internal error/.test(String(r.stderr)))) badErrors++;
      }
      for (const args of [["status"], ["query", "recent"]]) {
        const r = await world(ctx, disk.dir, args);
        if (r.exitCode !== 0 && (String(r.stderr).trimEnd().split("\n").length !== 1 || /internal error/.test(String(r.stderr)))) badErrors++;
      }
      const paths = worldPaths(disk.dir);
      const read = collectEntries(paths.log);
      const inLog = new Set(read.entries.map((e) => e.id));
      const named = new Set(read.entries.flatMap((e) => [e.outputRef, e.kind === "agent" ? e.needRef : undefined]).filter(Boolean).map((r) => r!.replace(/^attachments\//, "")));
      let orphans = 0;
      try {
        orphans = readdirSync(paths.attachments).filter((f) => !named.has(f)).length;
      } catch {
        // no attachments directory: none orphaned
      }
      mounted = false;
      disk.unmount();
      const up = await upThroughFullDisk(ctx);
      const upRow = "skipped" in up ? { tried: 0, lost: 0, forged: 0, doubled: 0, missing: 0, notes: `world up: skipped (${up.skipped})` } : up;
      return {
        attacks: WRITES + upRow.tried,
        linesLost: acknowledged.filter((id) => !inLog.has(id)).length + upRow.lost,
        linesForged: refused.filter((id) => inLog.has(id)).length + orphans + badErrors + upRow.forged,
        verdictsDoubled: upRow.doubled,
        verdictsMissing: upRow.missing,
        unapprovedCommands: 0,
        notes: `${acknowledged.length} written, ${refused.length} refused; ${orphans} orphan attachments; ${badErrors} errors not one line; ${read.problems.length} torn fragments reported; ${upRow.notes}`,
      };
    } finally {
      if (mounted) disk.unmount();
    }
  },
};
export default attack;
