/**
 * How a command appears in world.log, the same for every agent that runs one:
 *   [event:bash][id] $ git status                          (before it runs)
 *   [event:bash][id] $ rm x  # approved by a human
 *   [event:bash][id] exit 0 in 14 ms:\n<all output>        (after; the appender escapes
 *                                                           it and moves long output to an
 *                                                           attachment)
 */
import type { RunResult } from "./exec.js";
import { howItEnded } from "./exec.js";
import { showCommand } from "./words.js";

export const BASH_SOURCE = "bash";

export function commandLine(argv: readonly string[], approvedBy: "policy" | "human"): string {
  return `$ ${showCommand(argv)}${approvedBy === "human" ? "  # approved by a human" : ""}`;
}

export function outputLine(result: RunResult): string {
  const how = howItEnded(result);
  const cut = result.truncated ? "\n[output cut at the capture limit]" : "";
  return result.all === "" ? `${how}, no output` : `${how}:\n${result.all}${cut}`;
}
