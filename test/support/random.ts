/**
 * Random moments in tests, replayable: drawn from the project's one seeded generator
 * (tools/random.ts), with the seed printed. A failure is replayed with
 * `WORLD_TEST_SEED=<seed> npx vitest run <file>`.
 */
import { seeded, type Random } from "../../tools/random.js";

export function testRandom(what: string): { random: Random; seed: number } {
  const given = process.env.WORLD_TEST_SEED;
  const seed = given !== undefined && given !== "" ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 32);
  console.log(`${what}: seed ${seed} (replay: WORLD_TEST_SEED=${seed})`);
  return { random: seeded(seed), seed };
}
