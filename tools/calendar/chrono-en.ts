/**
 * chrono-node's English parser, the only one world uses: `chrono-node/en` loads in about
 * a quarter of the time of the whole package (every locale), and only when a time is
 * first read, so a daemon that reads none (the Spirit between reminders) never pays.
 * Its CommonJS build: synchronous, and it resolves the same under Node 20's ESM.
 */
import { createRequire } from "node:module";

export type ChronoEn = typeof import("chrono-node/en");

let chrono: ChronoEn | undefined;

export function chronoEn(): ChronoEn {
  chrono ??= createRequire(import.meta.url)("chrono-node/en") as ChronoEn;
  return chrono;
}
