import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import type { Entry } from "../../../tools/world/entry.js";
import { openIndex } from "../../../tools/world/index-db.js";
import type { Nudge } from "../../../spirit/daemon/memory.js";
import { Situation } from "../../../spirit/daemon/situation.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
const agent = (id: string, status: string, output: string, minutesAgo: number, need?: string): Entry =>
  ({ kind: "agent", ts: at(minutesAgo), status, id, output, ...(need && { need }) }) as Entry;

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("the Spirit's situation", () => {
  it("names agents by state, unanswered questions, the next meeting and the machine", () => {
    const s = new Situation();
    const entries: Entry[] = [
      agent("rem-1", "start", "remind me to stretch", 12, "event notify logged"),
      agent("rem-1", "active", "waiting", 11),
      agent("web-1", "start", "search flights to tokyo", 30, "a list of flights"),
      agent("web-1", "finish", "found 3 flights", 2),
      agent("job-1", "start", "fetch the report", 90, "file exists report.pdf"),
      agent("job-1", "failed", "login refused", 60, "the new password"),
      agent("done-1", "start", "set a timer", 5, "event notify logged"),
      agent("done-1", "verified", "delivered", 1),
      { kind: "event", ts: at(1), source: "bash", id: "rem-1", output: "events do not change states" },
    ];
    for (const e of entries) s.apply(e);
    s.nextMeeting = { title: "Budget review", start: new Date(NOW.getTime() + 45 * 60_000) };
    const nudge: Nudge = { id: "nudge-payment-0123456789ab", kind: "payment", question: "Want me to send 200 dollars to bob?", askedAt: NOW.getTime() - 3 * 60_000, status: "open" };
    const lines = s.describe([nudge], "/", NOW).split("\n");
    expect(lines.slice(0, -1)).toEqual([
      'Agents at work (1): rem-1 "remind me to stretch" (active 11 min ago)',
      'Finished, awaiting verification (1): web-1 "search flights to tokyo"',
      'Failed, waiting for the user (1): job-1 "fetch the report", needs: the new password',
      'Questions the user has not answered (1): "Want me to send 200 dollars to bob?" (asked 3 min ago)',
      'Next meeting: "Budget review" at 2026-11-22T10:45:00.000Z (in 45 min)',
    ]);
    expect(lines.at(-1)).toMatch(/^Machine: [\d.]+ [MG]iB free of [\d.]+ [MG]iB \(\d+%\) where the log lives; load [\d.]+ on \d+ cores$/);
  });

  it("a retried agent is at work again, with its task; a long list is cut", () => {
    const s = new Situation();
    s.apply(agent("job-1", "start", "fetch the report", 90, "file exists report.pdf"));
    s.apply(agent("job-1", "failed", "login refused", 60, "the new password"));
    s.apply(agent("job-1", "retry", "try again with: hunter2", 1));
    for (let i = 0; i < 7; i++) s.apply(agent(`a-${i}`, "start", `task ${i}`, 1));
    const first = s.describe([], "/", NOW).split("\n")[0]!;
    expect(first).toMatch(/^Agents at work \(8\): a-2 "task 2" .*a-6 "task 6" \(start 1 min ago\); and 3 more$/);
    expect(s.describe([], "/", NOW)).not.toContain("Failed");
  });

  it("starts from the index: the sessions that are not verified", () => {
    w = tempWorld();
    const log = new Appender(w.paths);
    log.append({ kind: "agent", status: "start", id: "a", output: "task a", need: "n" });
    log.append({ kind: "agent", status: "start", id: "b", output: "task b", need: "n" });
    log.append({ kind: "agent", status: "finish", id: "b", output: "did b" });
    log.append({ kind: "agent", status: "verified", id: "b", output: "ok" });
    log.append({ kind: "agent", status: "start", id: "c", output: "task c", need: "n" });
    log.append({ kind: "agent", status: "failed", id: "c", output: "stuck", need: "a human" });
    log.close();
    const index = openIndex(w.paths);
    const s = new Situation();
    try {
      s.load(index);
    } finally {
      index.close();
    }
    const text = s.describe([], w.home, new Date());
    expect(text).toMatch(/^Agents at work \(1\): a "task a" \(start 0 min ago\)\nFailed, waiting for the user \(1\): c "task c", needs: a human\nMachine: /);
  });

  it("a parked agent is waiting, not at work: live and from the index", () => {
    const park = (id: string, minutesAhead: number) => `sleep until ${new Date(NOW.getTime() + minutesAhead * 60_000).toISOString()} state {"v":1} — next check`;
    const s = new Situation();
    s.apply(agent("watch-1", "start", "watch the shop page", 30, "event chrome logged"));
    s.apply(agent("watch-1", "active", park("watch-1", 125), 20));
    s.apply(agent("rem-2", "start", "remind me to call mum", 10, "event notify logged"));
    s.apply(agent("rem-2", "active", `armed: due ${new Date(NOW.getTime() + 3 * 3_600_000).toISOString()} by reminder (parked: the Keeper's scheduler delivers it) — Reminder: call mum`, 10));
    s.apply(agent("sum-1", "start", "summarise the inbox", 2, "five bullet points"));
    const lines = s.describe([], "/", NOW).split("\n");
    expect(lines.slice(0, 2)).toEqual([
      'Agents at work (1): sum-1 "summarise the inbox" (start 2 min ago)',
      'Waiting until a time (parked, no process) (2): watch-1 "watch the shop page" (wakes 2026-11-22T12:05:00.000Z — in 2 h); rem-2 "remind me to call mum" (wakes 2026-11-22T13:00:00.000Z — in 3 h)',
    ]);
    // Woken and working again: at work.
    s.apply(agent("watch-1", "active", "woke at … relaunching attempt 1", 0));
    expect(s.describe([], "/", NOW).split("\n")[0]).toMatch(/^Agents at work \(2\): sum-1 .*; watch-1 /);

    w = tempWorld();
    const log = new Appender(w.paths);
    log.append({ kind: "agent", status: "start", id: "watch-1", output: "watch the shop page", need: "n" });
    log.append({ kind: "agent", status: "active", id: "watch-1", output: park("watch-1", 125) });
    log.close();
    const index = openIndex(w.paths);
    const fromIndex = new Situation();
    try {
      fromIndex.load(index);
    } finally {
      index.close();
    }
    expect(fromIndex.describe([], w.home, NOW)).toMatch(/^Waiting until a time \(parked, no process\) \(1\): watch-1 "watch the shop page" \(wakes 2026-11-22T12:05:00.000Z — in 2 h\)\n/);
  });
});
