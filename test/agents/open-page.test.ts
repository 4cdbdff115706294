import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pageOf, searchUrl } from "../../agents/open-page/page.js";
import { ROOT, tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { entriesOf, isEvent, isStatus, runAgentProcess, startSession } from "./agent-process.js";

const OPENER = join(ROOT, "test", "fixtures", "agents", "browser-opener.mjs");
const URL = "https://duckduckgo.com/?q=flights+to+Tokyo";
const TASK = `open a search for flights to Tokyo: ${URL}`;

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("open-page: which page", () => {
  it("takes the task's URL, or builds a search from what follows \"search for\"", () => {
    expect(pageOf(TASK)).toBe(URL);
    expect(pageOf("open https://example.org/a?b=1.")).toBe("https://example.org/a?b=1");
    expect(pageOf("search for cheap hotels in Rome")).toBe("https://duckduckgo.com/?q=cheap+hotels+in+Rome");
    expect(searchUrl("rock & roll; rm -rf /")).toBe("https://duckduckgo.com/?q=rock+%26+roll%3B+rm+-rf+%2F");
    expect(pageOf("do something")).toBeUndefined();
  });
});

describe("open-page agent (real process)", () => {
  it("runs the opener with the URL as its one argument, then finishes with the URL", async () => {
    w = tempWorld();
    const record = join(w.home, "argv.json");
    startSession(w.paths, "p1", TASK, `output contains "${URL}"`);
    const result = await runAgentProcess(w.paths, "open-page", { id: "p1", task: TASK, env: { WORLD_BROWSER_OPENER: OPENER, OPENER_RECORD: record } });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(record, "utf8"))).toEqual([URL]);
    await waitForEntry(w.paths, isEvent("p1", "browser"), { what: "browser line" });
    const finish = await waitForEntry(w.paths, isStatus("p1", "finish"), { what: "finish" });
    expect(finish.output).toBe(`opened ${URL} in the browser`);
  });

  it("with no opener, tells the person the link and still finishes (never a failure card)", async () => {
    w = tempWorld();
    startSession(w.paths, "p2", TASK);
    const result = await runAgentProcess(w.paths, "open-page", { id: "p2", task: TASK, env: { WORLD_BROWSER_OPENER: "no-such-opener-here", PATH: "/nonexistent" } });
    expect(result.exitCode).toBe(0);
    const told = await waitForEntry(w.paths, isEvent("p2", "notify"), { what: "notify" });
    expect(told.output).toBe(`Search ready: ${URL}`);
    const finish = await waitForEntry(w.paths, isStatus("p2", "finish"), { what: "finish" });
    expect(finish.output).toContain(URL);
    expect(entriesOf(w.paths, "p2").some((e) => e.kind === "agent" && e.status === "failed")).toBe(false);
  });

  it("an opener that fails (xdg-open without a display) falls back to the link", async () => {
    w = tempWorld();
    const record = join(w.home, "argv.json");
    startSession(w.paths, "p3", TASK);
    const result = await runAgentProcess(w.paths, "open-page", { id: "p3", task: TASK, env: { WORLD_BROWSER_OPENER: OPENER, OPENER_RECORD: record, OPENER_EXIT: "3" } });
    expect(result.exitCode).toBe(0);
    expect(existsSync(record)).toBe(true);
    const finish = await waitForEntry(w.paths, isStatus("p3", "finish"), { what: "finish" });
    expect(finish.output).toMatch(/^told the person: https:\/\/duckduckgo\.com\/\?q=flights\+to\+Tokyo \(no browser opened: .*exited 3\)$/);
  });

  it("fails with a need only when the task names no page", async () => {
    w = tempWorld();
    startSession(w.paths, "p4", "do something");
    const result = await runAgentProcess(w.paths, "open-page", { id: "p4", task: "do something" });
    expect(result.exitCode).toBe(3);
  });
});
