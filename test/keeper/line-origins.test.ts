/**
 * LineOrigins follows world sync's received.tsv beside the log: a row written before its
 * line (sync's intent) and checked before the line landed waits for the next check.
 */
import { afterEach, expect, it } from "vitest";
import { LineOrigins } from "../../keeper/line-origins.js";
import { lineHash } from "../../sync/line-hash.js";
import { SyncState } from "../../sync/state.js";
import { Appender } from "../../tools/world/append.js";
import { formatEntry } from "../../tools/world/format.js";
import { logSize, scanLines } from "../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

it("tells received lines from local ones, across checks, when a row comes before its line", () => {
  w = tempWorld();
  const state = new SyncState(w.paths);
  const log = new Appender(w.paths);
  const line = (id: string) => formatEntry({ kind: "event", ts: new Date().toISOString(), source: "bash", id, output: "text" });
  const origins = (o: LineOrigins, from: number) => {
    const seen: string[] = [];
    const end = scanLines(w!.paths.log, { offset: from, line: 0 }, (text, at) => {
      seen.push(`${text.slice(text.lastIndexOf("[") + 1, text.lastIndexOf("]"))}:${o.of(text, at.offset) ?? "here"}`);
    }).end.offset;
    return { seen, end };
  };
  try {
    log.append({ kind: "event", source: "bash", id: "local-1", output: "text" });
    const received = line("from-b");
    state.recordReceived([{ seq: 1, index: 0, machine: "b", sizeBefore: logSize(w.paths.log), hash: lineHash(received) }]);
    log.append({ kind: "event", source: "bash", id: "local-2", output: "text" }); // another writer, between sync's row and its line
    const first = new LineOrigins(w.paths, 0, 0, []);
    const one = origins(first, 0);
    const after = first.close(one.end);
    expect(one.seen).toEqual(["world:here", "local-1:here", "local-2:here"]); // the format line, then ours
    expect(after.carried).toHaveLength(1); // its line has not landed yet
    log.appendVerbatim([received]);
    log.append({ kind: "event", source: "bash", id: "local-3", output: "text" });
    const second = new LineOrigins(w.paths, one.end, after.rowsAt, after.carried);
    const two = origins(second, one.end);
    expect(two.seen).toEqual(["from-b:b", "local-3:here"]);
    expect(second.close(two.end).carried).toEqual([]);
  } finally {
    log.close();
    state.close();
  }
});
