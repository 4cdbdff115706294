/**
 * The sha1 of a text, in hex: the ids the Spirit derives from a log line, and the keys of
 * claims between machines. node:crypto is loaded at the first hash, not at load (~20
 * internal modules, 10–20 ms of a busy machine's start): the Spirit's start makes none.
 */
export function sha1Hex(text: string): string {
  return process.getBuiltinModule("node:crypto").hash("sha1", text, "hex");
}
