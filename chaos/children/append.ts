/** Child of the concurrent-appends attack: appends `count` numbered lines as writer `w`. */
import { Appender } from "../../tools/world/append.js";
import { worldPaths } from "../../tools/world/paths.js";

const [home, writer, count] = process.argv.slice(2) as [string, string, string];
const appender = new Appender(worldPaths(home));
for (let i = 0; i < Number(count); i++) appender.append({ kind: "event", source: "chaos", id: writer, output: `${writer}:${i} ${"x".repeat(i % 200)}` });
appender.close();
