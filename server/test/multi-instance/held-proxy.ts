/**
 * A TCP relay in front of a server (slapd) that holds what clients send until released: a run
 * started by a synchroniser stays "running" for exactly as long as a test needs, whatever the
 * machine's speed, and then completes normally.
 */
import { connect, createServer, type Socket } from "node:net";

export interface HeldProxy {
  port: number;
  /** Connections made so far (a run opens one). */
  connections(): number;
  /** From now on, bytes flow both ways (the held ones first). */
  release(): void;
  /** Holds again for connections opened after this. */
  hold(): void;
  close(): Promise<void>;
}

export async function heldProxy(targetPort: number): Promise<HeldProxy> {
  let held = true;
  let count = 0;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    count += 1;
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.pause();
    const pipe = () => {
      const upstream = connect(targetPort, "127.0.0.1");
      sockets.add(upstream);
      upstream.on("close", () => sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    };
    if (held) waiting.push(pipe);
    else pipe();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    connections: () => count,
    release: () => {
      held = false;
      for (const go of waiting.splice(0)) go();
    },
    hold: () => {
      held = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
