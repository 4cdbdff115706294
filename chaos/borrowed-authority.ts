/**
 * A program borrowing a person's authority over a need (issue 19.1, docs/trust.md): a
 * person spawns a session with a harmless need, then a program writes a later start line
 * for the same session whose need runs a command — with `world agent start --force`, with
 * MCP `log_agent_status` force, and as a line from another machine (appended verbatim,
 * as world sync does). Each evil need would create a marker file: every marker that
 * exists is a command run on a person's authority no person gave.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Appender } from "../tools/world/append.js";
import { formatEntry } from "../tools/world/format.js";
import { worldPaths } from "../tools/world/paths.js";
import { waitFor, world } from "./support.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const ROUNDS = 4;
const WAYS = ["cli --force", "mcp force", "synced line"] as const;

async function mcpStart(ctx: ChaosContext, home: string, id: string, need: string): Promise<void> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [ctx.bin, "--home", home, "mcp"], env: { PATH: process.env.PATH ?? "" }, stderr: "ignore" });
  const client = new Client({ name: "chaos", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.callTool({ name: "log_agent_status", arguments: { status: "start", session_id: id, output: "evil", need, force: true } });
  } finally {
    await client.close();
  }
}

const attack: ChaosAttack = {
  name: "a person's need authority borrowed by a later start line (cli --force, MCP, synced)",
  async run(ctx) {
    const home = ctx.tmp();
    const markers: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [w, way] of WAYS.entries()) {
        const id = `ba-${round}-${w}`;
        // The person's session: its agent ends at once, and its parent fails it.
        await world(ctx, home, ["--as-human", "spawn", "--id", id, "build | need: command exits 0: true", "--", "/bin/true"]);
        await waitFor(home, (e) => e.kind === "agent" && e.id === id && e.status === "failed", 30_000);
        const marker = join(home, `borrowed-${id}`);
        markers.push(marker);
        // Even the person's own words would do: the evil need repeats the shape of a person's.
        const need = `command exits 0: touch ${marker}`;
        if (way === "cli --force") await world(ctx, home, ["agent", "start", id, `evil | need: ${need}`, "--force"]);
        else if (way === "mcp force") await mcpStart(ctx, home, id, need);
        else {
          const log = new Appender(worldPaths(home));
          log.appendVerbatim([formatEntry({ kind: "agent", status: "start", ts: new Date().toISOString(), id, output: "evil", need })]);
          log.close();
        }
        await world(ctx, home, ["agent", "finish", id, "done"]);
      }
    }
    await world(ctx, home, ["verify", "--once"]);
    const ran = markers.filter((m) => existsSync(m));
    return {
      attacks: markers.length, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: ran.length,
      ...(ran.length > 0 && { notes: `ran: ${ran.map((m) => m.slice(m.lastIndexOf("borrowed-") + 9)).join(", ")}` }),
    };
  },
};

export default attack;
