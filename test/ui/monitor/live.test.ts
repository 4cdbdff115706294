/**
 * The live feed's keep-alive: a ping while a page is open, and no timer at all once the
 * last page has left (an idle monitor must not wake every 15 s for nobody, issue 23).
 * A real HTTP server on the loopback (port 0) and a real client.
 */
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { LiveFeed } from "../../../ui/monitor/live.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
let server: Server | undefined;
let feed: LiveFeed | undefined;

afterEach(async () => {
  await feed?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  w?.cleanup();
  w = server = feed = undefined;
});

it("pings only while a stream is open", async () => {
  w = tempWorld("world-live-feed-");
  const errors: unknown[] = [];
  const live = (feed = new LiveFeed(w.paths, (e) => errors.push(e), 60_000, 20));
  expect(live.pinging).toBe(false); // nobody watching: no timer

  server = createServer((_req, res) => live.attach(res, {}));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  let text = "";
  const res = await new Promise<IncomingMessage>((resolve, reject) => get({ host: "127.0.0.1", port, path: "/" }, resolve).on("error", reject));
  res.setEncoding("utf8");
  res.on("data", (c: string) => (text += c));
  await expect.poll(() => live.size, { timeout: 30_000, interval: 20 }).toBe(1);
  expect(live.pinging).toBe(true);
  await expect.poll(() => text.includes(": ping\n\n"), { timeout: 30_000, interval: 20 }).toBe(true);

  res.destroy(); // the page leaves
  await expect.poll(() => live.size, { timeout: 30_000, interval: 20 }).toBe(0);
  expect(live.pinging).toBe(false);
  expect(errors).toEqual([]);
});
