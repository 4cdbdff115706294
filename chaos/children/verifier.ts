/**
 * Child of the lock-contention attack: a real Verifier (runVerifier, the code behind
 * `world verifier`) that starts only when "go" arrives on stdin, so that several can be
 * released at the same instant. Prints "ready" first, and "refused" if the lock says no.
 */
import { createInterface } from "node:readline";
import { runVerifier } from "../../verifier/read-loop.js";
import { worldPaths } from "../../tools/world/paths.js";

const [home] = process.argv.slice(2) as [string];
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== "go") continue;
  try {
    await runVerifier(worldPaths(home), { pollMs: 100 });
  } catch (error) {
    process.stdout.write(`refused ${(error as Error).message}\n`);
    process.exit(0);
  }
}
