import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { restoreCertificates, withoutCertificateLoad } from "../../agents/ca-certs.js";
import { ownEntries, tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { collectEntries } from "../../tools/world/read.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

/**
 * A stand-in notify-send that writes down the NODE_EXTRA_CA_CERTS it was given, and how
 * many NODE_EXTRA_CA_CERTS its parent (the agent's Node) was started with
 * (/proc/<pid>/environ is the environment as exec'd, whatever the process set since).
 */
function fakeNotifySend(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "notify-send");
  writeFileSync(
    file,
    [
      "#!/bin/sh",
      'printf "%s" "$NODE_EXTRA_CA_CERTS" > "$(dirname "$0")/seen.txt"',
      `tr '\\000' '\\n' < /proc/$PPID/environ | grep -c '^NODE_EXTRA_CA_CERTS=' > "$(dirname "$0")/agent-start.txt"`,
      "exit 0",
      "",
    ].join("\n"),
  );
  chmodSync(file, 0o755);
}

describe("NODE_EXTRA_CA_CERTS and the alarm agents", () => {
  it("moves the variable aside for reminder and timer only, and puts it back", () => {
    const env = { PATH: "/bin", NODE_EXTRA_CA_CERTS: "/etc/certs.pem" };
    const moved = withoutCertificateLoad("reminder", env);
    expect(moved.NODE_EXTRA_CA_CERTS).toBeUndefined();
    expect(withoutCertificateLoad("timer", env).NODE_EXTRA_CA_CERTS).toBeUndefined();
    // Agents that may open a connection (the model's, a page's) keep it as it is.
    for (const kind of ["general", "web-watch", null, undefined]) expect(withoutCertificateLoad(kind, env)).toBe(env);
    expect(withoutCertificateLoad("reminder", { PATH: "/bin" })).toEqual({ PATH: "/bin" });
    restoreCertificates(moved);
    expect(moved).toEqual(env);
  });

  it("a reminder's Node starts without it, and the notification command it runs gets it back", async () => {
    w = tempWorld();
    const bin = join(w.home, "bin");
    fakeNotifySend(bin);
    const certs = join(w.home, "certs.pem");
    writeFileSync(certs, "");
    const env = { NODE_EXTRA_CA_CERTS: certs, DISPLAY: ":0", PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}` };
    const r = await world(w.home, ["spawn", "remind me in 1 second to stretch | need: event notify logged", "--kind", "reminder"], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const id = String(r.stdout).trim();
    // Its exit line: the agent and its parent are gone before the world is removed.
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "system" && e.id === id && / exited /.test(e.output), { timeoutMs: 30_000 });
    expect(readFileSync(join(bin, "seen.txt"), "utf8")).toBe(certs);
    expect(readFileSync(join(bin, "agent-start.txt"), "utf8").trim()).toBe("0");
    // The log says what it always said.
    const mine = ownEntries(collectEntries(w.paths.log).entries).filter((e) => e.id === id);
    expect(mine.map((e) => (e.kind === "agent" ? e.status : e.source))).toEqual(["start", "system", "active", "notify", "finish", "system"]);
  });

  it("any other agent gets it as it was", async () => {
    w = tempWorld();
    const certs = join(w.home, "certs.pem");
    writeFileSync(certs, "");
    const out = join(w.home, "seen.txt");
    const r = await world(w.home, ["spawn", "look | need: file exists seen.txt", "--plain", "--", "/bin/sh", "-c", 'printf "%s" "$NODE_EXTRA_CA_CERTS" > "$1"', "sh", out], { env: { NODE_EXTRA_CA_CERTS: certs } });
    expect(r.exitCode, r.stderr).toBe(0);
    const id = String(r.stdout).trim();
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "system" && e.id === id && / exited /.test(e.output), { timeoutMs: 30_000 });
    expect(readFileSync(out, "utf8")).toBe(certs);
  });
});
