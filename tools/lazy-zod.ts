/**
 * zod, loaded when a schema is first needed: a path that finds no file to check (a new
 * session's `world spawn`: no process record, no stored environment yet) never pays for
 * it (~95 modules, about half a bare node start; issue 23). Synchronous, for the readers
 * of tools/fs/json-file.ts: the ES module itself through require (Node ≥ 20.19), so a
 * process that also imports zod holds one copy. (In the CLI's CommonJS bundles, which have
 * no import.meta.resolve, it is zod's CommonJS build.)
 */
import { fileURLToPath } from "node:url";

type Zod = typeof import("zod");

let zod: Zod | undefined;

export function lazyZod(): Zod {
  if (zod === undefined) {
    const resolveEsm = (import.meta as Partial<ImportMeta>).resolve;
    // node:module loads the ES module loader (3 internal modules): only with zod itself.
    zod = process.getBuiltinModule("node:module").createRequire(import.meta.url)(resolveEsm === undefined ? "zod" : fileURLToPath(resolveEsm("zod"))) as Zod;
  }
  return zod;
}
