/**
 * The one definition of a nudge's state, as a pure fold over log lines. The Spirit acts
 * by it; `world query nudges`, the monitor's "Needs you" and MCP show it.
 *
 *   [event:spirit][<id>] nudge: <question> …        → open (asked)
 *   [event:user][<id>] <answer>, while open          → yes: answered · no: declined ·
 *                                                      neither ("maybe later"): still open
 *   [event:spirit][<id>] nudge declined: …, while open → declined (the Spirit read a no)
 *   [event:spirit][<id>] nudge expired: …, while open  → expired (no answer in time)
 *   an answer after that, and nudge unclear: / nudge closed: lines → no change (late)
 *   open past its expiry (the Spirit's, from its awake line) → expired, even before the
 *   Spirit writes its `nudge expired` line (or when it is not running)
 *
 * How an answer reads is tools/world/asks/nudge-answer.ts. Lines already folded for a nudge
 * (by line number) are skipped, so folding a line twice changes nothing.
 */
import { parseDuration } from "../../duration.js";
import { readAnswer, type Answer } from "./nudge-answer.js";
import type { EntryJson } from "../json.js";
import { unstamped } from "../writer.js";

export type NudgeState = "open" | "answered" | "declined" | "expired";
export const NUDGE_STATES: readonly NudgeState[] = ["open", "answered", "declined", "expired"];

/** A question the Spirit asked the user: `[event:spirit][<nudge-id>] nudge: <question>`. */
export const NUDGE_PREFIX = "nudge: ";
/** The Spirit's expiry when no awake line says it (its default, spirit/daemon/config.ts). */
export const DEFAULT_NUDGE_EXPIRY_MS = 10 * 60_000;
/** Said in the Spirit's awake line, so readers know its expiry without its config. */
export const EXPIRY_WORDS = "nudges expire after ";

/** One line as the fold reads it (an EntryJson, or a Located entry). */
export type NudgeLine = Pick<EntryJson, "ts" | "kind" | "id" | "output"> & { line?: number | undefined; source?: string | undefined; outputRef?: string | undefined };

export interface NudgeAnswer {
  line?: number;
  ts: string;
  /** The answer as logged (with its writer, tools/world/writer.ts). */
  output: string;
  reads: Answer["says"];
}

export interface NudgeView {
  id: string;
  /** The nudge line. */
  line?: number;
  ts: string;
  output: string;
  outputRef?: string;
  state: NudgeState;
  /** When an open nudge expires (ISO), by the expiry of the Spirit that asked. */
  expiresAt: string;
  /** Every answer a person gave, in order (an unclear one says why it is still open). */
  answers: NudgeAnswer[];
  /** The last line folded into it. */
  lastLine?: number;
}

/** What one line did to a nudge. */
export type NudgeStep =
  | { type: "asked"; nudge: NudgeView }
  | { type: "answer"; nudge: NudgeView; reads: Answer; from: NudgeState; to: NudgeState; late: boolean }
  | { type: "closed"; nudge: NudgeView; from: NudgeState; to: NudgeState }
  | { type: "none" };

/** The state a nudge goes to when answered in `state`: the one rule for everyone. */
export function afterAnswer(state: NudgeState, text: string): { reads: Answer; to: NudgeState; late: boolean } {
  const reads = readAnswer(unstamped(text));
  if (state !== "open") return { reads, to: state, late: true };
  return { reads, to: reads.says === "yes" ? "answered" : reads.says === "no" ? "declined" : "open", late: false };
}

export function isNudgeLine(e: NudgeLine): boolean {
  return e.kind === "event" && e.source === "spirit" && e.output.startsWith(NUDGE_PREFIX);
}

const EXPIRY = new RegExp(`${EXPIRY_WORDS}(\\d+(?:\\.\\d+)?(?:ms|s|m|h|d))\\b`);

/** The expiry an awake line of the Spirit announces, if it is one that does. */
export function expiryAnnounced(e: NudgeLine): number | undefined {
  if (e.kind !== "event" || e.source !== "spirit" || e.id !== "spirit" || !e.output.startsWith("awake:")) return undefined;
  const m = EXPIRY.exec(e.output);
  return m ? parseDuration(m[1]!, "nudge expiry") : undefined;
}

/** Folds nudge lines in log order; keeps every nudge it has seen by id. */
export class NudgeFold {
  readonly nudges = new Map<string, NudgeView>();
  private expiryMs = DEFAULT_NUDGE_EXPIRY_MS;

  step(e: NudgeLine): NudgeStep {
    const announced = expiryAnnounced(e);
    if (announced !== undefined) this.expiryMs = announced;
    if (e.kind !== "event") return { type: "none" };
    if (isNudgeLine(e)) return this.ask(e);
    const nudge = this.nudges.get(e.id);
    if (nudge === undefined || (e.source !== "user" && e.source !== "spirit")) return { type: "none" };
    if (e.line !== undefined && nudge.lastLine !== undefined && e.line <= nudge.lastLine) return { type: "none" };
    if (e.line !== undefined) nudge.lastLine = e.line;
    const from = nudge.state;
    if (e.source === "user") {
      const { reads, to, late } = afterAnswer(from, e.output);
      nudge.answers.push({ ...(e.line !== undefined && { line: e.line }), ts: e.ts, output: e.output, reads: reads.says });
      nudge.state = to;
      return { type: "answer", nudge, reads, from, to, late };
    }
    const to = from === "open" ? closedBy(e.output) : undefined;
    if (to === undefined) return { type: "none" };
    nudge.state = to;
    return { type: "closed", nudge, from, to };
  }

  private ask(e: NudgeLine): NudgeStep {
    const known = this.nudges.get(e.id);
    if (known !== undefined) return { type: "none" }; // the same line again, or an id reused: the first question stands
    const asked = Date.parse(e.ts);
    const nudge: NudgeView = {
      id: e.id,
      ...(e.line !== undefined && { line: e.line, lastLine: e.line }),
      ts: e.ts,
      output: e.output,
      ...(e.outputRef !== undefined && { outputRef: e.outputRef }),
      state: "open",
      expiresAt: new Date(asked + this.expiryMs).toISOString(),
      answers: [],
    };
    this.nudges.set(e.id, nudge);
    return { type: "asked", nudge };
  }
}

/** The Spirit's lines that close an open nudge: `nudge declined:`, `nudge expired:`. */
export function closedBy(output: string): NudgeState | undefined {
  if (output.startsWith("nudge declined:")) return "declined";
  if (output.startsWith("nudge expired:")) return "expired";
  return undefined;
}

/** A nudge's state at `now`: open past its expiry is expired. */
export function stateAt(nudge: NudgeView, now: number): NudgeState {
  return nudge.state === "open" && now >= Date.parse(nudge.expiresAt) ? "expired" : nudge.state;
}

/** Every nudge in these lines (log order), each with its state at `now`, oldest first. */
export function foldNudges(lines: Iterable<NudgeLine>, now: number): NudgeView[] {
  const fold = new NudgeFold();
  for (const e of lines) fold.step(e);
  return [...fold.nudges.values()].map((n) => ({ ...n, state: stateAt(n, now) }));
}
