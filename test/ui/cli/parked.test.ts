/**
 * Parked sessions seen from the CLI: `world query active` says when each wakes instead of
 * looking like work, the JSON has `parkedUntil`, and `world status` counts them apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionJson } from "../../../tools/world/query.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { jsonLines } from "./helpers.js";

let w: TempWorld;
const H = 3_600_000;
const inTwoHours = new Date(Date.now() + 2 * H + 5 * 60_000 + 30_000);
const inThreeHours = new Date(Date.now() + 3 * H + 30_000);
const UTC = { env: { TZ: "UTC" } };

async function cli(...args: string[]) {
  const r = await world(w.home, [...args, "-q"]);
  expect(r.exitCode, r.stderr).toBe(0);
}

beforeAll(async () => {
  w = tempWorld();
  await cli("agent", "start", "busy", "compare tariffs", "--need", "a table");
  await cli("agent", "active", "busy", "reading tariff tables");
  await cli("agent", "start", "nap", "check the page later", "--need", "a change");
  await cli("agent", "active", "nap", `sleep until ${inTwoHours.toISOString()} state {"v":1} — next check`);
  await cli("agent", "start", "rem", "remind me to stretch", "--need", "event notify logged");
  await cli("agent", "active", "rem", `armed: due ${inThreeHours.toISOString()} by reminder (parked: the Keeper's scheduler delivers it) — Reminder: stretch`);
});
afterAll(() => w.cleanup());

describe("parked sessions in the CLI", () => {
  it("query active --json: parkedUntil on parked sessions, null on working ones", async () => {
    const rows = jsonLines<SessionJson>((await world(w.home, ["query", "active", "--json"])).stdout);
    expect(Object.fromEntries(rows.map((s) => [s.id, s.parkedUntil]))).toEqual({ busy: null, nap: inTwoHours.toISOString(), rem: inThreeHours.toISOString() });
  });

  it("query active: a parked session says until when, in local time, and how far off", async () => {
    const r = await world(w.home, ["query", "active"], UTC);
    expect(r.exitCode, r.stderr).toBe(0);
    const hhmmss = inTwoHours.toISOString().slice(11, 19);
    expect(r.stdout).toMatch(new RegExp(`^parked +nap .*\\n    check the page later \\| need: a change\\n    parked until (\\d{4}-\\d\\d-\\d\\d )?${hhmmss} \\(in 2h 5m\\)$`, "m"));
    expect(r.stdout).toMatch(/^active +busy .*\n.*\n    last: reading tariff tables$/m);
    expect(r.stdout).not.toContain("sleep until");
  });

  it("status: active 3 (2 parked), the next wake-up, and the oldest stuck is a working one", async () => {
    const r = await world(w.home, ["status"], UTC);
    expect(r.stdout).toContain("sessions   active 3 (2 parked), pending 0");
    expect(r.stdout).toMatch(/^next wake-up  nap at .* \(in 2h 5m\)$/m);
    expect(r.stdout).toMatch(/^oldest active  busy /m);
    const json = JSON.parse((await world(w.home, ["status", "--json"])).stdout);
    expect(json).toMatchObject({ parked: 2, nextWake: { id: "nap", at: inTwoHours.toISOString() }, oldestStuck: { id: "busy" } });
  });
});
