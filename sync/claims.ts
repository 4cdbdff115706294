/**
 * One judge per finish, cluster-wide: before a Verifier judges a `finish`, it claims it in
 * a JetStream key-value bucket with create (a compare-and-set on "no such key"). Exactly
 * one machine's create succeeds; the others leave that finish alone, and the verdict
 * reaches them through the stream like any line. A claim whose holder never wrote a
 * verdict (it crashed mid-judgement) may be taken over after LEASE_MS, again by
 * compare-and-set on the claim's revision, so two machines cannot both take it over.
 */
import { createHash } from "node:crypto";
import { connect, type KV, type NatsConnection } from "nats";
import type { SyncConfig } from "./config.js";
import { clientOptions } from "./auth.js";

/** How long a claim protects a judgement in progress. */
const LEASE_MS = 5 * 60_000;

/** A finish's identity on every machine: its line is the same bytes everywhere (not its line number). */
export function finishKey(id: string, ts: string, output: string): string {
  return "finish." + createHash("sha1").update(`${id}\n${ts}\n${output}`).digest("hex");
}

interface ClaimValue {
  machine: string;
  at: number;
}

export class Claims {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly kv: KV,
    private readonly machine: string,
  ) {}

  static async open(config: SyncConfig): Promise<Claims> {
    // Not waitOnFirstConnect: an unreachable server is an error here, and the caller tries again later.
    const nc = await connect({ ...clientOptions(config.url, config.ca), name: `world-claims-${config.machine}`, maxReconnectAttempts: -1, timeout: 5000 });
    try {
      const kv = await nc.jetstream().views.kv(`${config.stream}-claims`, { history: 1 });
      return new Claims(nc, kv, config.machine);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  /** True if this machine may write the verdict for this finish; false if another one holds it. */
  async claim(key: string, now = Date.now()): Promise<boolean> {
    const mine = Buffer.from(JSON.stringify({ machine: this.machine, at: now } satisfies ClaimValue));
    try {
      await this.kv.create(key, mine);
      return true;
    } catch (error) {
      const entry = await this.kv.get(key);
      if (entry === null) throw error; // not a "key exists" refusal: the server is unreachable, say
      const held = JSON.parse(Buffer.from(entry.value).toString("utf8")) as ClaimValue;
      if (held.machine === this.machine) return true; // ours, from before a restart
      if (now - held.at < LEASE_MS) return false;
      try {
        await this.kv.update(key, mine, entry.revision);
        return true;
      } catch {
        return false; // another machine took it over first
      }
    }
  }

  /** The machine holding this key, or undefined when nobody claimed it yet. */
  async holder(key: string): Promise<string | undefined> {
    const entry = await this.kv.get(key);
    if (entry === null || entry.value.length === 0) return undefined;
    return (JSON.parse(Buffer.from(entry.value).toString("utf8")) as ClaimValue).machine;
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}
