/**
 * Who wrote a line (docs/trust.md). Only a person may approve a refused command or give a
 * need whose check runs any command; programs (agents, the MCP server's callers, the
 * Spirit, models) never can, whatever text they write. So the lines where it matters
 * carry their writer, stamped by the write path itself, and the readers (the shell
 * agent's gate) believe the stamp only:
 *
 *   [event:user][id] approve (from terminal)     a person at a terminal
 *   [event:user][id] approve (from monitor)      a person in the web monitor (its token)
 *   [event:user][id] approve (from mcp)          a program through `world mcp`
 *   [event:user][id] approve (from program)      a program through the CLI
 *
 * The stamp goes last and the reader takes the last one, so text that ends in a forged
 * "(from terminal)" is still followed by its true writer.
 */
import { fstatSync, statSync } from "node:fs";
import { UsageError } from "../errors.js";

export type Writer = "terminal" | "monitor" | "mcp" | "program";

/** The environment every agent runs with (agents/spawn.ts): its presence means a program. */
const AGENT_ENV = ["WORLD_SESSION_ID", "WORLD_BIN"] as const;

export function isPerson(writer: Writer | undefined): boolean {
  return writer === "terminal" || writer === "monitor";
}

/** A line stamped by a program (an unstamped one — older, or speech the Spirit passed on — is not). */
export function isProgram(writer: Writer | undefined): boolean {
  return writer === "mcp" || writer === "program";
}

/**
 * Who is running this CLI: a person when stdin is a terminal or `--as-human` was given;
 * a program otherwise. An agent (WORLD_SESSION_ID or WORLD_BIN set) is a program even
 * with a terminal, and asking for `--as-human` there is refused.
 */
export function cliWriter(asHuman: boolean, env: NodeJS.ProcessEnv = process.env, stdinIsTerminal: () => boolean = stdinIsATerminal): Writer {
  const agentVar = AGENT_ENV.find((name) => env[name] !== undefined && env[name] !== "");
  if (agentVar !== undefined) {
    if (asHuman) {
      throw new UsageError(`--as-human refused: expected a person's shell, received a call from an agent (${agentVar}=${JSON.stringify(env[agentVar]).slice(0, 40)} is set)`);
    }
    return "program";
  }
  return asHuman || stdinIsTerminal() ? "terminal" : "program";
}

/**
 * node:tty is loaded only when it must be asked: it loads node:net and the stream modules,
 * ~2–8 ms of every `world event` or `world spawn` start (issue 23), for one isatty(0). A
 * terminal is a character device other than /dev/null, so stdin that is anything else — a
 * pipe, a file, /dev/null (what a program's child is usually given), or closed — is known
 * not to be one from a stat: the answer isatty(0) would give, never a person made of a program.
 */
function stdinIsATerminal(): boolean {
  let stdin;
  try {
    stdin = fstatSync(0);
  } catch {
    return false; // no stdin at all
  }
  if (!stdin.isCharacterDevice() || stdin.rdev === statSync("/dev/null", { throwIfNoEntry: false })?.rdev) return false;
  return process.getBuiltinModule("node:tty").isatty(0);
}

const STAMP = / \(from (terminal|monitor|mcp|program)\)$/;
const STAMPS = /( \(from (terminal|monitor|mcp|program)\))+$/;

/** The text with its writer after it. */
export function stamped(text: string, writer: Writer): string {
  return `${text} (from ${writer})`;
}

/** The writer stamped on a line's text (the last stamp), or undefined when there is none. */
export function writerOf(text: string): Writer | undefined {
  return STAMP.exec(text)?.[1] as Writer | undefined;
}

/** The text without its stamps (a received answer has two: sentByAnotherMachine): what the person said. */
export function unstamped(text: string): string {
  return text.replace(STAMPS, "");
}

/**
 * An answer line's text as `world sync` appends it when it comes from another machine: a
 * program's, whatever it said. Nothing proves who wrote a line on another machine (anyone
 * who can publish to the stream can send one as any machine; signed machines are issue
 * 25), so a person's stamp from there, or none, never counts as a person here: the last
 * stamp, the one readers take, becomes `(from program)`. A program's line is left as it is.
 */
export function sentByAnotherMachine(text: string): string {
  const writer = writerOf(text);
  return writer === "mcp" || writer === "program" ? text : stamped(text, "program");
}

/** Lines whose writer counts (an answer, or any line stamped as a person's): see sentByAnotherMachine. */
export function carriesAuthority(source: string, text: string): boolean {
  return source === "user" || isPerson(writerOf(text));
}
