/**
 * The world as a Model Context Protocol server (the official SDK's McpServer). Five
 * tools; arguments are validated by zod schemas (which the client also sees as JSON
 * Schema); a refusal comes back as a tool error (isError: true) carrying the CLI's
 * one-line message, so an agent can read it and correct itself.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { WorldError, shown } from "../../tools/errors.js";
import { PLAIN_STATUSES } from "../../tools/world/entry.js";
import { WorldIndex } from "../../tools/world/index-db.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { CHECK_LIMIT, checkEntries, logAgentStatus, logEvent, QUERY_TYPES, queryWorld, respond, type ToolAnswer } from "./tools.js";

// Validation messages in the CLI's words: what was wrong, what was expected, what was received.
function received(input: unknown): string {
  return input === undefined ? "nothing" : shown(input);
}
const text = (name: string, description: string) =>
  z.string({ error: (iss) => `invalid ${name}: expected a string, received ${received(iss.input)}` }).describe(description);
const flag = (name: string, description: string) =>
  z.boolean({ error: (iss) => `invalid ${name}: expected true or false, received ${received(iss.input)}` }).optional().describe(description);
const wholeError = { error: (iss: { input?: unknown }) => `invalid limit: expected a positive whole number, received ${received(iss.input)}` };
const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: (iss) => `invalid ${name}: expected one of ${values.join(", ")}, received ${received(iss.input)}` });

const SERVER_NAME = "world";
const SERVER_VERSION = "0.1.0";

export interface WorldMcp {
  server: McpServer;
  /** Closes the index (the transport is closed by server.close()). */
  dispose: () => void;
}

export function createWorldMcp(paths: WorldPaths, options: { sync: boolean; onInternalError: (error: unknown) => void }): WorldMcp {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { instructions: "world.log is the single source of truth: log what you do with log_event / log_agent_status, read it with check and query." },
  );
  let index: WorldIndex | undefined;
  const openedIndex = () => (index ??= new WorldIndex(paths));

  // Every tool goes through here: an answer becomes text content, a WorldError a tool error.
  const run = (work: () => ToolAnswer): CallToolResult => {
    try {
      const answer = work();
      return { content: [answer.text, ...answer.warnings.map((w) => `warning: ${w}`)].map((text) => ({ type: "text" as const, text })) };
    } catch (error) {
      if (error instanceof WorldError) return { isError: true, content: [{ type: "text", text: error.message }] };
      options.onInternalError(error);
      return { isError: true, content: [{ type: "text", text: `internal error (please report): ${(error as Error)?.message ?? String(error)}` }] };
    }
  };
  const write = { sync: options.sync };

  server.registerTool(
    "log_event",
    {
      annotations: { title: "Append an event", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      description: "Append `[ts][event:<source>][<identifier>] <output>` to world.log. Returns the line as written.",
      inputSchema: {
        source: text("source", "lower-case name: chrome, bash, file, api, system, user, voice, spirit, calendar, or your own"),
        identifier: text("identifier", "what the event is about: no whitespace or ']'"),
        output: text("output", "free text; newlines are escaped so the entry stays one line"),
      },
    },
    (a) => run(() => logEvent(paths, a, write)),
  );

  server.registerTool(
    "log_agent_status",
    {
      annotations: { title: "Append an agent status", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      description:
        "Append `[ts][agent:<status>][<session_id>] <output> | need: <need>`. The lifecycle is enforced " +
        "(start → active → finish → verified/retry/failed; failed → retry) unless force is true.",
      inputSchema: {
        status: oneOf("agent status", PLAIN_STATUSES).describe(
          "the session's new status: start (a new task, with need), active (working), finish (done: output is the evidence), verified / retry (a Verifier's verdict), failed (stuck: need says what a person must provide)",
        ),
        session_id: text("session id", "the session's id: no whitespace or ']'"),
        output: text("output", "the task (on start) or what happened"),
        need: text("need", "on start: the success criterion; on failed: the blocker").optional(),
        force: flag("force", "write even if the lifecycle forbids this transition"),
      },
    },
    (a) => run(() => logAgentStatus(paths, a, write)),
  );

  server.registerTool(
    "check",
    {
      // Read-only for the world: world.log is not written; only this reader's own cursor moves (not with peek).
      annotations: { title: "Entries not seen yet", readOnlyHint: true, openWorldHint: false },
      description:
        "The entries `reader` has not seen yet, oldest first, as a JSON array of entries (at most `limit`, default " +
        `${CHECK_LIMIT}; a warning says when more remain); then its cursor moves past them (unless peek).`,
      inputSchema: {
        reader: text("reader", "the reader's name: lower-case letters, digits, '.', '_' or '-'"),
        peek: flag("peek", "show without moving the cursor"),
        limit: z.number(wholeError).int(wholeError).positive(wholeError).optional().describe(`at most this many entries (default ${CHECK_LIMIT})`),
      },
    },
    (a) => run(() => checkEntries(paths, a)),
  );

  server.registerTool(
    "query",
    {
      annotations: { title: "Ask the index", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      description:
        "Ask the index (a JSON array, the shapes of `world query … --json`): active|pending|failed|verified|closed sessions; " +
        "nudges [arg: open (default)|answered|declined|expired|all], the Spirit's questions with their state; events [arg: source]; agent (arg: session id) history; recent [arg: N]; search (arg: text).",
      inputSchema: {
        type: oneOf("query type", QUERY_TYPES).describe(
          "what to ask: active, pending (finished, awaiting the Verifier), failed, verified sessions; nudges (the Spirit's questions); events (of arg's source); agent (arg's history); recent (the last arg entries); search (arg's words)",
        ),
        arg: text("arg", "state for nudges, source for events, session id for agent, N for recent, text for search").optional(),
        limit: z.number(wholeError).int(wholeError).positive(wholeError).optional().describe("at most this many rows"),
      },
    },
    (a) => run(() => queryWorld(openedIndex(), a)),
  );

  server.registerTool(
    "respond",
    {
      annotations: { title: "Answer a failed agent or a nudge", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      description:
        "Answer a failed agent or a Spirit nudge: appends `[ts][event:user][<session_id>] <text> (from mcp)`. The `(from mcp)` " +
        "is added to every answer: an MCP client is a program, never a person, so its `approve` does not let a refused command run (docs/trust.md).",
      inputSchema: {
        session_id: text("session id", "the agent session or nudge id"),
        text: text("text", "the answer"),
      },
    },
    (a) => run(() => respond(paths, a, write)),
  );

  // The tool set never changes while the server runs: the SDK advertises listChanged on its own; we say false.
  server.server.registerCapabilities({ tools: { listChanged: false } });

  return { server, dispose: () => index?.close() };
}
