import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { planReminder, planTimer } from "../../agents/reminder/plan.js";
import { ROOT } from "../support/world.js";

/** What agents/reminder/quick-regexps.ts sets in the alarm agents. */
const QUICK_REGEXPS = "--no-regexp-optimization --no-regexp-tier-up";

/** Said to the reminder and timer agents: times of every shape chrono reads, and words with none. */
const SAID = [
  "remind me to call mom at 5pm",
  "remind me in 10 minutes to check the oven",
  "remind me tomorrow at 9 to water the plants",
  "in 2 seconds stretch",
  "remind me to buy milk",
  "remind me about the rent on the 25th",
  "remind me to pay the bill by the 3rd at 9am",
  "remind me about the 1st floor",
  "remind me next friday morning to book the car",
  "remind me on December 3rd at 14:30 that the dentist is due",
  "remind me in an hour and a half to leave",
  "remind me at noon to eat",
  "remind me this evening to call Sam",
  "remind me in 3 days to renew the passport",
  "set a timer for 10 minutes",
  "timer 45 seconds",
  "set a timer for an hour",
  "remind me on 2026-12-24 at 18:00 to wrap presents",
];

describe("the alarm agents' quick regexps", () => {
  it(`read every time as the defaults do (${QUICK_REGEXPS})`, async () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const plan = (text: string) => ({ reminder: planReminder(text, now), timer: planTimer(text, now) });
    const expected = JSON.parse(JSON.stringify(SAID.map(plan))) as unknown;
    // The built agents' code (chrono-node's bundle too), in a process with the flag set as the agents set it.
    const script = `
      require("node:v8").setFlagsFromString(${JSON.stringify(QUICK_REGEXPS)});
      import(${JSON.stringify(pathToFileURL(join(ROOT, "dist/agents/reminder/plan.js")).href)}).then(({ planReminder, planTimer }) => {
        const now = new Date("2026-11-22T10:00:00.000Z");
        const said = ${JSON.stringify(SAID)};
        process.stdout.write(JSON.stringify(said.map((t) => ({ reminder: planReminder(t, now), timer: planTimer(t, now) }))));
      });`;
    const child = await execa(process.execPath, ["-e", script], { env: { TZ: process.env.TZ } });
    expect(JSON.parse(child.stdout)).toEqual(expected);
    expect((expected as { reminder?: unknown }[]).filter((p) => p.reminder !== undefined).length).toBeGreaterThan(12); // times were read
  });
});
