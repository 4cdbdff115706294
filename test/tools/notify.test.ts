import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Appender } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { notify, onPath } from "../../tools/notify.js";
import { ownEntries, tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

/** A stand-in notify-send: a real executable that records its arguments (one per line). */
function fakeNotifySend(dir: string, exitCode = 0): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "notify-send");
  writeFileSync(file, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "$(dirname "$0")/args.txt"\nexit ${exitCode}\n`);
  chmodSync(file, 0o755);
  return dir;
}

describe("notify", () => {
  it("always logs [event:notify][id] <message>, and says why there was no desktop notification", async () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    const { entry, desktop } = await notify(appender, { id: "r1", message: "Reminder: call mom" }, { PATH: "/nonexistent" });
    appender.close();
    expect(entry).toMatchObject({ kind: "event", source: "notify", id: "r1", output: "Reminder: call mom" });
    expect(desktop).toEqual({ shown: false, why: "no display (DISPLAY/WAYLAND_DISPLAY unset)" });
    expect(ownEntries(collectEntries(w.paths.log).entries)).toHaveLength(1);
  });

  it("does not fail when notify-send is missing", async () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    const { desktop } = await notify(appender, { id: "r2", message: "hello" }, { DISPLAY: ":0", PATH: join(w.home, "empty-bin") });
    appender.close();
    expect(desktop).toEqual({ shown: false, why: "notify-send is not installed" });
  });

  it("shows a desktop notification through notify-send with array arguments", async () => {
    w = tempWorld();
    const bin = fakeNotifySend(join(w.home, "bin"));
    expect(onPath("notify-send", bin)).toBe(join(bin, "notify-send"));
    const appender = new Appender(w.paths);
    const message = "-n $(touch pwned) `id`; Reminder";
    const { desktop } = await notify(appender, { id: "r3", message, title: "Reminder" }, { DISPLAY: ":0", PATH: `${bin}:/usr/bin:/bin` });
    appender.close();
    expect(desktop).toEqual({ shown: true });
    expect(readFileSync(join(bin, "args.txt"), "utf8").split("\n").slice(0, -1)).toEqual(["--app-name=world", "--urgency=normal", "--", "Reminder", message]);
  });

  it("reports a failing notify-send, the log line stays", async () => {
    w = tempWorld();
    const bin = fakeNotifySend(join(w.home, "bin"), 1);
    const appender = new Appender(w.paths);
    const { entry, desktop } = await notify(appender, { id: "r4", message: "x" }, { WAYLAND_DISPLAY: "wayland-0", PATH: `${bin}:/usr/bin:/bin` });
    appender.close();
    expect(desktop).toMatchObject({ shown: false, why: expect.stringMatching(/^notify-send exited 1/) });
    expect(entry.kind).toBe("event");
  });

  it("validates its input", async () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    await expect(notify(appender, { id: "r5", message: "   " })).rejects.toThrow();
    appender.close();
  });
});
