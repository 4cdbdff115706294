/**
 * The one way counts are read: `--limit 5`, `recent 20`, `-n 0`, `--max-restarts 3`, an
 * MCP tool's `limit`, the monitor's `?limit=`, WORLD_MAX_STEPS, WORLD_SPIRIT_RETRIES. A whole
 * number written in digits; the CLI and HTTP give strings, MCP numbers, and the refusal is the same.
 */
import { UsageError, shown } from "./errors.js";

export interface CountRule {
  /** Used when the value is absent. */
  fallback?: number;
  /** Smallest accepted (default 1: a positive whole number). */
  min?: number;
  /** Larger values are cut down to this (a page size), not refused. */
  max?: number;
}

function expected(min: number): string {
  return min === 1 ? "a positive whole number" : min === 0 ? "a whole number" : `a whole number of at least ${min}`;
}

/** A count, or the rule's fallback when absent; anything else is a one-line usage error naming `what`. */
export function parseCount(value: string | number | null | undefined, what: string, rule: CountRule & { fallback: number }): number;
export function parseCount(value: string | number, what: string, rule?: CountRule): number;
export function parseCount(value: string | number | null | undefined, what: string, rule: CountRule = {}): number {
  const { min = 1, max = Number.MAX_SAFE_INTEGER } = rule;
  if (value === undefined || value === null) {
    if (rule.fallback === undefined) throw new UsageError(`missing ${what}: expected ${expected(min)}, received nothing`);
    return rule.fallback;
  }
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`invalid ${what}: expected ${expected(min)}, received ${shown(value)}`);
  return Math.min(Number(text), max);
}

/** A positive whole number from the environment, else the fallback: an agent started with a bad value keeps working. */
export function countFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  return raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback;
}
