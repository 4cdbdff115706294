import { afterEach, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { execa } from "execa";
import { waitUntil } from "../../support/wait.js";
import { describeExit, groupAlive, isSameProcess, ownGroupAlive, procStat, signalGroup } from "../../../tools/process/identity.js";

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone
    }
  }
});

const gone = (pid: number) =>
  waitUntil(
    () => {
      const s = procStat(pid);
      return s === undefined || s.state === "Z";
    },
    { what: `${pid} to end` },
  );

/** Another process than the leader in its group (sh has forked its sleep). */
const hasMember = (pgid: number) =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(name) !== pgid)
    .some((name) => procStat(Number(name))?.pgid === pgid);

describe("process identity", () => {
  it("reads /proc/<pid>/stat, even with spaces and parentheses in the name", () => {
    const me = procStat(process.pid)!;
    expect(me.pid).toBe(process.pid);
    expect(me.ppid).toBe(process.ppid);
    expect(me.startTicks).toBeGreaterThan(0);
    expect(procStat(2 ** 22 + 11)).toBeUndefined();
  });

  it("tells our process from a reused pid by its start time", () => {
    const me = procStat(process.pid)!;
    expect(isSameProcess(process.pid, me.startTicks)).toBe(true);
    expect(isSameProcess(process.pid, me.startTicks + 1)).toBe(false);
    expect(isSameProcess(process.pid, null)).toBe(true); // unknown start time: alive is all we can say
  });

  it("signals a whole detached group, and sees it gone; a group whose leader died but a child lives is still ours", async () => {
    // sh leads its group and starts a sleep in it; killing only sh leaves the sleep.
    const leader = execa("sh", ["-c", "sleep 30 & wait"], { detached: true, reject: false, stdio: "ignore" });
    started.push(leader.pid!);
    const ticks = procStat(leader.pid!)!.startTicks;
    expect(ownGroupAlive(leader.pid!, ticks)).toBe(true);
    expect(ownGroupAlive(leader.pid!, ticks + 1)).toBe(false); // not the recorded process
    await waitUntil(() => hasMember(leader.pid!), { what: "sh to start its sleep in the group" });
    process.kill(leader.pid!, "SIGKILL");
    await leader;
    expect(groupAlive(leader.pid!)).toBe(true); // the sleep is still in the group
    expect(ownGroupAlive(leader.pid!, ticks)).toBe(true);
    expect(signalGroup(leader.pid!, "SIGKILL")).toBe(true);
    await waitUntil(() => !ownGroupAlive(leader.pid!, ticks), { what: "the group to end" });
    expect(ownGroupAlive(leader.pid!, ticks)).toBe(false);
    await gone(leader.pid!);
  });

  it("describes exits for log lines", () => {
    expect(describeExit(0, null)).toBe("exited with code 0");
    expect(describeExit(null, "SIGKILL")).toBe("killed by SIGKILL");
    expect(describeExit(undefined, undefined)).toBe("ended (exit status unknown)");
  });
});
