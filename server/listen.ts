import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { lingerOnUnreadBodies } from "./http/linger";

export interface Listening {
  server: Server;
  port: number;
}

/** The Node HTTP server of `fetch` (the console and its API), listening once this resolves. */
export async function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname?: string): Promise<Listening> {
  // serve() starts an HTTP/1.1 server unless told to create another kind.
  const server = serve({ fetch, port, hostname }) as Server;
  // A request refused before its body has arrived still gets its answer read (413, 401 on uploads).
  lingerOnUnreadBodies(server);
  await new Promise<void>((ok, fail) => {
    server.once("listening", ok);
    server.once("error", fail);
  });
  return { server, port: (server.address() as AddressInfo).port };
}
