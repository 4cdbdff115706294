import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
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

const gone = async (pid: number) => {
  for (let i = 0; i < 500; i++) {
    const s = procStat(pid);
    if (s === undefined || s.state === "Z") return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${pid} still running`);
};

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
    await new Promise((r) => setTimeout(r, 100)); // let sh start its sleep
    process.kill(leader.pid!, "SIGKILL");
    await leader;
    expect(groupAlive(leader.pid!)).toBe(true); // the sleep is still in the group
    expect(ownGroupAlive(leader.pid!, ticks)).toBe(true);
    expect(signalGroup(leader.pid!, "SIGKILL")).toBe(true);
    for (let i = 0; i < 500 && ownGroupAlive(leader.pid!, ticks); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ownGroupAlive(leader.pid!, ticks)).toBe(false);
    await gone(leader.pid!);
  });

  it("describes exits for log lines", () => {
    expect(describeExit(0, null)).toBe("exited with code 0");
    expect(describeExit(null, "SIGKILL")).toBe("killed by SIGKILL");
    expect(describeExit(undefined, undefined)).toBe("ended (exit status unknown)");
  });
});
