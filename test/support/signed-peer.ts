/**
 * Another machine, for tests that hand received messages to the Applier directly: its own
 * Ed25519 key, enrolled in a world the way a person's `world sync enroll` does, and chunks
 * signed as `world sync` signs them (sync/chunk-sign.ts), each following the one before.
 * The same sequence asked for again is the same message (a redelivery).
 */
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { formatEntry } from "../../tools/world/format.js";
import type { IncomingMessage } from "../../sync/apply.js";
import { signChunk, ZERO_CHAIN } from "../../sync/chunk-sign.js";
import { keyText } from "../../sync/machine-key.js";
import { applyEnrolment, enrolmentOutput, type Verb } from "../../sync/machines.js";
import { DEFAULT_STREAM } from "../../sync/names.js";
import type { WorldPaths } from "../../tools/world/paths.js";

export class SignedPeer {
  readonly key: string;
  private readonly privateKey: KeyObject;
  private readonly sent = new Map<number, IncomingMessage>();
  private end = 0;
  private chain = ZERO_CHAIN;

  constructor(
    readonly machine: string,
    readonly stream = DEFAULT_STREAM,
    pair = generateKeyPairSync("ed25519"),
  ) {
    this.privateKey = pair.privateKey;
    this.key = keyText(pair.publicKey);
  }

  /** The same machine and key with another past: its chunks start again at `from`, after the zero chain (a rewritten history). */
  fork(from = 0): SignedPeer {
    const other = new SignedPeer(this.machine, this.stream, { privateKey: this.privateKey, publicKey: createPublicKey(this.privateKey) });
    other.end = from;
    return other;
  }

  /** An enrolment (or revocation) line of this machine, signed as `world sync enroll` signs it. */
  enrolmentLine(verb: Verb, name: string, key: string): string {
    return formatEntry({ kind: "event", source: "system", id: "sync", ts: new Date().toISOString(), output: enrolmentOutput(this.machine, verb, name, key, "by a person at the terminal", this.privateKey) });
  }

  /** Enrolled in `paths`'s list, as a person's `world sync enroll` would. */
  enrolIn(paths: WorldPaths): this {
    applyEnrolment(paths, "enrolled", this.machine, this.key, "a test", new Date().toISOString());
    return this;
  }

  /** The message for stream sequence `seq`, signed; asked again, the same one. */
  message(seq: number, lines: readonly string[]): IncomingMessage {
    const known = this.sent.get(seq);
    if (known) return known;
    const data = Buffer.from(lines.join("\n"));
    const from = this.end;
    const end = from + data.length + 1;
    const fields = { stream: this.stream, machine: this.machine, from, end, endLine: 0, prev: this.chain };
    const { sig, chain } = signChunk(fields, data, this.privateKey);
    const m: IncomingMessage = { seq, machine: this.machine, data, sig, from, end, endLine: 0, prev: this.chain, lines: [...lines] };
    this.end = end;
    this.chain = chain;
    this.sent.set(seq, m);
    return m;
  }
}
