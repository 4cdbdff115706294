/**
 * Chunks world sync refused (sync/apply.ts): kept aside, never applied, for a person to
 * look at, in `.world/sync/refused.jsonl` (one JSON object per refused chunk: when, the
 * stream sequence, the machine its subject names, why, its offsets and its lines as sent),
 * and said ONCE in the log per machine and kind of refusal:
 *
 *   [event:system][sync] sync on b: refused 3 lines from machine "evil" (not enrolled here): kept aside in .world/sync/refused.jsonl, never applied (world sync refused; docs/trust.md)
 *
 * A machine that keeps sending forged chunks costs disk in .world/, not lines in the log.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { readJsonLines } from "../tools/fs/json-file.js";
import { join } from "node:path";
import type { WorldPaths } from "../tools/world/paths.js";
import { PRIVATE_FILE } from "../tools/world/paths.js";
import { notice } from "./notices.js";
import { writeSyncJson } from "./state.js";

export type RefusalKind = "not enrolled" | "bad signature" | "unsigned" | "replayed" | "rewritten" | "forged enrolment";

const WHY: Record<RefusalKind, string> = {
  "not enrolled": "not enrolled here",
  "bad signature": "its signature does not hold for the key enrolled under that name",
  unsigned: "unsigned",
  replayed: "a chunk it had sent before, sent again",
  rewritten: "another history than the one it sent before: it rewrote lines it had shared",
  "forged enrolment": "an enrolment line its key did not sign",
};

export interface Refusal {
  seq: number;
  machine: string;
  kind: RefusalKind;
  detail: string;
  from?: number;
  end?: number;
  /** What its signature covers besides the lines (absent when it had none): kept so a person can accept it later (sync/accept.ts). */
  endLine?: number;
  prev?: string;
  sig?: string;
  lines: readonly string[];
}

/** A refused chunk as kept in refused.jsonl: the refusal and when. */
export interface KeptChunk extends Refusal {
  at: string;
}

const REFUSED_FILE = "refused.jsonl";

function refusedFile(paths: WorldPaths): string {
  return join(paths.dir, "sync", REFUSED_FILE);
}

const KINDS = new Set<string>(Object.keys(WHY));

/** Why a kind of chunk was refused, in words (the log's notice says the same). */
export function whyRefused(kind: RefusalKind): string {
  return WHY[kind];
}

/**
 * Every chunk kept aside, in the order kept; a line that is not one (torn by a crash,
 * edited by hand) is counted in `malformed` and passed over, never guessed at.
 */
export function readRefused(paths: WorldPaths): { chunks: KeptChunk[]; malformed: number } {
  const { records, malformed } = readJsonLines(refusedFile(paths), keptChunk);
  return { chunks: records, malformed };
}

function keptChunk(v: unknown): KeptChunk | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const ok =
    typeof r.at === "string" &&
    Number.isSafeInteger(r.seq) &&
    typeof r.machine === "string" &&
    typeof r.kind === "string" &&
    KINDS.has(r.kind) &&
    typeof r.detail === "string" &&
    Array.isArray(r.lines) &&
    r.lines.every((l) => typeof l === "string") &&
    [r.from, r.end, r.endLine].every((n) => n === undefined || Number.isSafeInteger(n)) &&
    [r.prev, r.sig].every((t) => t === undefined || typeof t === "string");
  return ok ? (r as unknown as KeptChunk) : undefined;
}

/** How many chunks were kept aside (a line each in refused.jsonl). */
export function refusedCount(paths: WorldPaths): number {
  try {
    const text = readFileSync(join(paths.dir, "sync", REFUSED_FILE));
    let n = 0;
    for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) n++;
    return n;
  } catch {
    return 0;
  }
}

export class Refusals {
  private readonly file: string;
  private readonly reportedFile: string;
  private reported: Set<string> | undefined;

  constructor(
    private readonly paths: WorldPaths,
    private readonly self: string,
  ) {
    this.file = refusedFile(paths);
    this.reportedFile = join(paths.dir, "sync", "refused-reported.json");
  }

  /** Keep the chunk aside; the first of its machine and kind is said in the log. */
  refuse(r: Refusal): void {
    appendFileSync(this.file, JSON.stringify({ at: new Date().toISOString(), ...r }) + "\n", { mode: PRIVATE_FILE });
    const key = `${r.machine}\t${r.kind}`;
    const reported = this.load();
    if (reported.has(key)) return;
    const n = r.lines.length;
    notice(this.paths, this.self, `refused ${n} line${n === 1 ? "" : "s"} from machine ${JSON.stringify(r.machine)} (${WHY[r.kind]}; ${r.detail}): kept aside in .world/sync/${REFUSED_FILE}, never applied (world sync refused; docs/trust.md)`);
    reported.add(key);
    writeSyncJson(this.reportedFile, [...reported]);
  }

  private load(): Set<string> {
    if (this.reported) return this.reported;
    try {
      this.reported = new Set(JSON.parse(readFileSync(this.reportedFile, "utf8")) as string[]);
    } catch {
      this.reported = new Set();
    }
    return this.reported;
  }
}
