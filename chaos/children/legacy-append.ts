/** Child of the legacy-lines attack: our appender (a daemon's, kept open) appends `count` lines with backslashes. */
import { Appender } from "../../tools/world/append.js";
import { worldPaths } from "../../tools/world/paths.js";
import { ourText } from "./legacy-text.js";

const [home, count] = process.argv.slice(2) as [string, string];
const appender = new Appender(worldPaths(home));
try {
  for (let i = 0; i < Number(count); i++) appender.append({ kind: "event", source: "bash", id: `app-${i}`, output: ourText("app", i) });
} finally {
  appender.close();
}
