/**
 * The names world sync puts on the wire: the machine (who wrote a line) and the
 * JetStream stream (the shared world). Both end up in NATS subjects, so both are kept
 * to characters a subject token allows.
 */
import { hostname } from "node:os";
import { UsageError, shown } from "../tools/errors.js";
import { shownUrl } from "./auth.js";

const MACHINE_RULE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const STREAM_RULE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

export const DEFAULT_STREAM = "WORLD";

/** nats://host:port (or tls://, ws://, wss://), or host:port. */
const NATS_URL = /^(?:(?:nats|tls|ws|wss):\/\/\S+|[^\s:/]+:\d+)$/;

export function checkNatsUrl(url: string | undefined, command: string): string {
  if (url === undefined || !NATS_URL.test(url)) {
    // Never its credentials, even in a URL that is not one (sync/auth.ts).
    const received = url === undefined ? "no --nats and no WORLD_NATS" : url.includes("@") ? `${shown(shownUrl(url))} (credentials not shown)` : shown(url);
    throw new UsageError(`${command} needs --nats <url> (or WORLD_NATS): expected a NATS server address like nats://127.0.0.1:4222, received ${received}`);
  }
  return url;
}

export function checkMachine(name: string): string {
  if (!MACHINE_RULE.test(name)) {
    throw new UsageError(`invalid --machine: expected lower-case letters, digits, '_' or '-' (at most 64), received ${shown(name)}`);
  }
  return name;
}

export function checkStream(name: string): string {
  if (!STREAM_RULE.test(name)) {
    throw new UsageError(`invalid --stream: expected letters, digits, '_' or '-' (at most 32), received ${shown(name)}`);
  }
  return name;
}

/** This host's name, folded to what a machine name allows ("My.Laptop" → "my-laptop"). */
export function defaultMachine(): string {
  const folded = hostname().toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 64);
  return folded === "" ? "machine" : folded;
}

/** Every machine publishes its lines on `<stream>.lines.<machine>`. */
export function linesSubject(stream: string, machine: string): string {
  return `${stream}.lines.${machine}`;
}

export function allLinesSubject(stream: string): string {
  return `${stream}.lines.*`;
}
