/**
 * The fold of a nudge's state (tools/world/asks/nudge-state.ts): every state and every
 * transition, from log lines alone.
 */
import { describe, expect, it } from "vitest";
import { afterAnswer, foldNudges, NudgeFold, stateAt, type NudgeLine } from "../../../../tools/world/asks/nudge-state.js";

const T0 = Date.parse("2026-11-22T10:00:00.000Z");
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
let line = 0;
const spirit = (id: string, output: string, s = 0): NudgeLine => ({ line: ++line, ts: at(s), kind: "event", source: "spirit", id, output });
const user = (id: string, output: string, s = 1): NudgeLine => ({ line: ++line, ts: at(s), kind: "event", source: "user", id, output: `${output} (from terminal)` });
const ask = (id = "n-1", s = 0) => spirit(id, "nudge: Shall I book the train? (heard user: \"we need a train\")", s);

function stateOf(lines: NudgeLine[], now = T0 + 2000): string {
  return foldNudges(lines, now).find((n) => n.id === "n-1")!.state;
}

describe("states", () => {
  it("asked and not answered: open", () => {
    expect(stateOf([ask()])).toBe("open");
  });
  it("a yes: answered", () => {
    expect(stateOf([ask(), user("n-1", "yes please")])).toBe("answered");
  });
  it("a no, in any words: declined", () => {
    expect(stateOf([ask(), user("n-1", "not this weekend, thanks")])).toBe("declined");
  });
  it("the Spirit's `nudge declined` line: declined", () => {
    expect(stateOf([ask(), spirit("n-1", 'nudge declined: nothing done (user answered "no")')])).toBe("declined");
  });
  it("the Spirit's `nudge expired` line: expired", () => {
    expect(stateOf([ask(), spirit("n-1", "nudge expired: no answer within 10m; nothing done")])).toBe("expired");
  });
  it("no answer past the expiry: expired, before any line says so", () => {
    expect(stateOf([ask()], T0 + 10 * 60_000 - 1)).toBe("open");
    expect(stateOf([ask()], T0 + 10 * 60_000)).toBe("expired");
  });
});

describe("transitions", () => {
  it("an unclear answer keeps it open, and remembers what was said", () => {
    const [n] = foldNudges([ask(), user("n-1", "maybe later"), spirit("n-1", 'nudge unclear: "maybe later" is neither yes nor no; still waiting')], T0 + 2000);
    expect(n!.state).toBe("open");
    expect(n!.answers).toEqual([{ line: expect.any(Number), ts: at(1), output: "maybe later (from terminal)", reads: "unclear" }]);
  });
  it("open → unclear → yes: answered", () => {
    expect(stateOf([ask(), user("n-1", "maybe later"), user("n-1", "yes", 2)])).toBe("answered");
  });
  it("open → unclear → no: declined", () => {
    expect(stateOf([ask(), user("n-1", "hmm, maybe"), user("n-1", "nah", 2)])).toBe("declined");
  });
  it("a late answer changes nothing: answered, declined and expired stay", () => {
    expect(stateOf([ask(), user("n-1", "yes"), user("n-1", "no", 2)])).toBe("answered");
    expect(stateOf([ask(), user("n-1", "no"), user("n-1", "yes", 2)])).toBe("declined");
    expect(stateOf([ask(), spirit("n-1", "nudge expired: no answer within 10m; nothing done", 1), user("n-1", "yes", 2)])).toBe("expired");
    expect(stateOf([ask(), user("n-1", "yes"), spirit("n-1", "nudge expired: no answer within 10m; nothing done", 2)])).toBe("answered");
    expect(stateOf([ask(), user("n-1", "no"), spirit("n-1", 'nudge closed: "yes" came after the nudge was answered; nothing done', 2)])).toBe("declined");
  });
  it("an answer after the expiry time, before the Spirit's line, is late: the nudge had expired", () => {
    const lines = [ask(), user("n-1", "yes", 11 * 60)];
    expect(stateOf(lines, T0 + 12 * 60_000)).toBe("answered"); // the fold's answer came first
    expect(afterAnswer("expired", "yes")).toMatchObject({ to: "expired", late: true });
  });
  it("the step says what each line did", () => {
    const fold = new NudgeFold();
    expect(fold.step(ask())).toMatchObject({ type: "asked" });
    expect(fold.step(user("n-1", "maybe later"))).toMatchObject({ type: "answer", from: "open", to: "open", late: false, reads: { says: "unclear" } });
    expect(fold.step(user("n-1", "no thanks"))).toMatchObject({ type: "answer", from: "open", to: "declined", late: false });
    expect(fold.step(user("n-1", "yes"))).toMatchObject({ type: "answer", from: "declined", to: "declined", late: true });
    expect(fold.step(spirit("other", "spawn: reminder \"x\" because user asked"))).toEqual({ type: "none" });
  });
  it("the same line folded twice changes nothing", () => {
    const fold = new NudgeFold();
    const a = ask();
    const maybe = user("n-1", "maybe later");
    for (const e of [a, maybe, a, maybe]) fold.step(e);
    expect(fold.nudges.get("n-1")!.answers).toHaveLength(1);
    const no = user("n-1", "no");
    fold.step(no);
    expect(fold.step(no)).toEqual({ type: "none" });
  });
  it("answers under other ids, and other people's lines, do not touch it", () => {
    expect(stateOf([ask(), user("n-2", "yes"), { line: ++line, ts: at(1), kind: "event", source: "voice", id: "n-1", output: "no" }])).toBe("open");
  });
});

describe("expiry", () => {
  it("is the one the Spirit's awake line announces, for nudges asked after it", () => {
    const awake = spirit("spirit", 'awake: offline brain, user speaker "user", reading from line 1, nudges expire after 30s');
    const [n] = foldNudges([awake, ask("n-1", 1)], T0);
    expect(n!.expiresAt).toBe(at(31));
    expect(stateAt(n!, T0 + 30_999)).toBe("open");
    expect(stateAt(n!, T0 + 31_000)).toBe("expired");
  });
  it("is 10 minutes when no awake line says (older logs)", () => {
    expect(foldNudges([ask()], T0)[0]!.expiresAt).toBe(at(600));
  });
  it("never turns a closed nudge into expired", () => {
    const [n] = foldNudges([ask(), user("n-1", "no")], T0 + 3_600_000);
    expect(n!.state).toBe("declined");
  });
});
