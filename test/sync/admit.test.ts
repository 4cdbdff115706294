/**
 * Which received chunks are applied (sync/admit.ts through sync/apply.ts), without a
 * server: only chunks of enrolled machines, signed by the key enrolled under their name,
 * continuing the chain held here; enrolment lines travel from an enrolled machine only
 * when its key signed them; the last chunk applied per machine survives a restart.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Applier, type IncomingMessage } from "../../sync/apply.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState } from "../../sync/state.js";
import { readMachines } from "../../sync/machines.js";
import { formatEntry } from "../../tools/world/format.js";
import { SignedPeer } from "../support/signed-peer.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { entryLines } from "./cluster.js";

const line = (id: string, text = "a line") => formatEntry({ kind: "event", source: "bash", id, ts: "2026-11-27T03:00:00.000Z", output: text });

describe("admitting received chunks", () => {
  let w: TempWorld;
  afterEach(() => w.cleanup());

  const applier = () =>
    new Applier(w.paths, new SyncState(w.paths), "here", new SkipLines(), (seq, _m, error) => {
      throw new Error(`line ${seq} refused: ${error}`);
    });
  const refused = () => {
    try {
      return readFileSync(join(w.paths.dir, "sync", "refused.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { kind: string; machine: string });
    } catch {
      return [];
    }
  };
  const notices = () => readFileSync(w.paths.log, "utf8").split("\n").filter((l) => l.includes("][event:system][sync] sync on here: refused "));

  it("a machine not enrolled, an altered chunk, a replay and a fork are refused, kept aside and said once per kind; the rest is applied", () => {
    w = tempWorld("admit-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const stranger = new SignedPeer("b"); // the same name, another key
    const a = applier();
    a.recover(0);
    expect(a.apply([b.message(1, [line("b-1")])])).toBe(1);
    const altered: IncomingMessage = { ...b.message(1, [line("b-1")]), seq: 3, lines: [line("b-2", "altered")], data: Buffer.from(line("b-2", "altered")) };
    expect(a.apply([{ ...stranger.message(2, [line("s-1")]) }, altered])).toBe(0);
    expect(a.apply([{ ...new SignedPeer("evil").message(4, [line("e-1")]) }, { ...new SignedPeer("evil2").message(5, [line("e-2")]) }])).toBe(0);
    expect(a.apply([{ ...b.message(1, [line("b-1")]), seq: 6 }])).toBe(0); // replayed
    expect(a.apply([b.fork().message(7, [line("b-rewritten")])])).toBe(0); // b's own key, other lines where its log began
    expect(a.apply([b.fork(1_000_000).message(8, [line("b-fork")])])).toBe(0); // b's own key, a chain of its own past b's end
    expect(a.apply([b.message(9, [line("b-3")])])).toBe(1); // b's next real chunk still follows
    a.close();
    expect(entryLines(w.paths).map((l) => /\]\[event:bash\]\[([^\]]+)\]/.exec(l)?.[1])).toEqual(["b-1", "b-3"]);
    expect(refused().map((r) => `${r.machine} ${r.kind}`)).toEqual(["b bad signature", "b bad signature", "evil not enrolled", "evil2 not enrolled", "b replayed", "b rewritten", "b rewritten"]);
    // One line per machine and kind: b's two bad signatures said once.
    expect(notices()).toHaveLength(5);
  });

  it("an enrolment line counts only from an enrolled machine that signed it; the machine it enrolls writes from then on", () => {
    w = tempWorld("admit-enrol-");
    const a = new SignedPeer("a").enrolIn(w.paths);
    const c = new SignedPeer("c");
    const here = applier();
    here.recover(0);
    // A line claiming an enrolment, not signed by a's key (any program on a could write it): refused.
    const forged = formatEntry({ kind: "event", source: "system", id: "sync", ts: "2026-11-27T03:00:00.000Z", output: `sync on a: enrolled machine c, key ${c.key}, by a person at the terminal; signed ${Buffer.alloc(64).toString("base64")}` });
    expect(here.apply([a.message(1, [forged])])).toBe(0);
    expect(readMachines(w.paths).machines.c).toBeUndefined();
    expect(here.apply([c.message(2, [line("c-early")])])).toBe(0); // not enrolled yet
    // a's real enrolment of c (signed as world sync enroll signs it), then c's next chunk.
    expect(here.apply([a.message(3, [a.enrolmentLine("enrolled", "c", c.key)])])).toBe(1);
    expect(readMachines(w.paths).machines.c!.by).toBe("machine a (over sync)");
    expect(here.apply([c.message(4, [line("c-later")])])).toBe(1); // its first chunk applied starts its chain here
    here.close();
    expect(refused().map((r) => `${r.machine} ${r.kind}`)).toEqual(["a forged enrolment", "c not enrolled"]);
  });

  it("after a restart the chain held per machine is the one as of the last sequence applied: no false replay, no replay let through", () => {
    w = tempWorld("admit-restart-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const first = applier();
    first.recover(0);
    first.apply([b.message(1, [line("b-1")])]);
    first.apply([b.message(2, [line("b-2")])]);
    first.close();
    const again = applier();
    again.recover(0);
    expect(again.apply([b.message(1, [line("b-1")]), b.message(2, [line("b-2")])])).toBe(0); // redelivered: passed over by sequence
    expect(again.apply([{ ...b.message(1, [line("b-1")]), seq: 3 }])).toBe(0); // replayed later: refused
    expect(again.apply([b.message(4, [line("b-3")])])).toBe(1);
    again.close();
    expect(refused().map((r) => r.kind)).toEqual(["replayed"]);
    expect(entryLines(w.paths)).toHaveLength(3);
  });
});
