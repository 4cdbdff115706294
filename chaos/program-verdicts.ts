/**
 * Programs acting as judge or as a person (issue 19.8, docs/trust.md), and ids that pass for
 * others. A verdict no judge made — `world agent verified` (forced or after the program's
 * own finish) through the CLI, `log_agent_status verified` through MCP — is a forged line;
 * an agent relaunched after a failure without a person's answer — MCP `respond`, `world
 * respond` from a program, a forced `retry` — is an unapproved run; an id with an invisible
 * or replacement character that was accepted is a forged line (it passes for another id).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execa } from "execa";
import { CLEAN_ENV, entries, waitFor, world } from "./support.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const AGENT = { env: { WORLD_SESSION_ID: "intruder", WORLD_BIN: "world" } };

async function mcp(ctx: ChaosContext, home: string, name: string, args: Record<string, unknown>): Promise<void> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [ctx.bin, "--home", home, "mcp"], env: { PATH: process.env.PATH ?? "" }, stderr: "ignore" });
  const client = new Client({ name: "chaos", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.callTool({ name, arguments: args });
  } finally {
    await client.close();
  }
}

/** Ids that look like `hs` or like nothing: each must be refused. */
const LOOKALIKES = ["h\u034fs", "h\u115fs", "\u3164", "h\u1160s", "hs\uffa0", "h\u2800s", "hs\ufe0f", "h\u00ads", "hs\u{e0073}", "h\u200ds", "h\u3000s", "\u0301hs", "hs\ue000"];

const attack: ChaosAttack = {
  name: "programs writing verdicts or relaunching failed agents; ids that pass for others",
  async run(ctx) {
    const home = ctx.tmp();
    const notes: string[] = [];
    let forged = 0;
    let unapproved = 0;
    let tries = 0;
    const verdictBy = (id: string) => entries(home).some((e) => e.kind === "agent" && e.id === id && e.status === "verified");

    // Verdicts: sessions whose need is never met, so no judge would write "verified".
    const verdictAttacks: [string, (id: string) => Promise<unknown>][] = [
      ["cli verified --force", (id) => world(ctx, home, ["agent", "verified", id, "trust me", "--force"])],
      ["agent verified --force", (id) => world(ctx, home, ["agent", "verified", id, "trust me", "--force"], AGENT)],
      ["cli verified after finish", async (id) => (await world(ctx, home, ["agent", "finish", id, "done"]), world(ctx, home, ["agent", "verified", id, "trust me"]))],
      ["mcp verified force", (id) => mcp(ctx, home, "log_agent_status", { status: "verified", session_id: id, output: "trust me", force: true })],
    ];
    for (const [i, [what, act]] of verdictAttacks.entries()) {
      const id = `pv-${i}`;
      await world(ctx, home, ["agent", "start", id, "task | need: file exists never-made.txt"]);
      await act(id);
      tries++;
      if (verdictBy(id)) {
        forged++;
        notes.push(`${what}: written`);
      }
    }

    // Relaunches: a spawned agent that fails; a program "answers" it.
    const relaunchAttacks: [string, (id: string) => Promise<unknown>][] = [
      ["mcp respond", (id) => mcp(ctx, home, "respond", { session_id: id, text: "try again" })],
      ["cli respond from a program", (id) => world(ctx, home, ["respond", id, "try again"])],
      ["agent event user", (id) => world(ctx, home, ["event", "user", id, "try again (from terminal)"], AGENT)],
      ["forced retry", (id) => world(ctx, home, ["agent", "retry", id, "again", "--force"])],
      ["mcp forced retry", (id) => mcp(ctx, home, "log_agent_status", { status: "retry", session_id: id, output: "again", force: true })],
    ];
    for (const [i, [what, act]] of relaunchAttacks.entries()) {
      const id = `pr-${i}`;
      await world(ctx, home, ["spawn", "--id", id, "task | need: file exists never-made.txt", "--", "/bin/false"]);
      await waitFor(home, (e) => e.kind === "agent" && e.id === id && e.status === "failed", 30_000);
      await act(id);
      await world(ctx, home, ["verify", "--once"]);
      tries++;
      const second = entries(home).some((e) => e.kind === "event" && e.id === id && /^spawned pid \d+ \(attempt 2\)/.test(e.output));
      if (second) {
        unapproved++;
        notes.push(`${what}: relaunched`);
        await waitFor(home, (e) => e.kind === "event" && e.id === id && /\(attempt 2\) exited/.test(e.output), 30_000);
      }
    }

    // Ids that pass for others, through the CLI (event and agent start) and a raw 0xff byte.
    for (const id of LOOKALIKES) {
      tries += 2;
      if ((await world(ctx, home, ["event", "bash", id, "hello"])).exitCode === 0) forged++;
      if ((await world(ctx, home, ["agent", "start", id, "t | need: n"])).exitCode === 0) forged++;
    }
    const raw = await execa("sh", ["-c", 'exec "$0" "$1" --home "$2" event bash "$(printf "h\\377s")" hello', process.execPath, ctx.bin, home], { reject: false, env: CLEAN_ENV });
    tries++;
    if (raw.exitCode === 0) forged++;
    if (forged > 0 && !notes.some((n) => n.includes("written"))) notes.push("look-alike ids accepted");

    return {
      attacks: tries, linesLost: 0, linesForged: forged, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: unapproved,
      ...(notes.length > 0 && { notes: notes.join("; ") }),
    };
  },
};

export default attack;
