// The slow-client limits, the connection cap and the hop-counted client address, over real sockets.
import { type Socket, connect } from "node:net";
import { describe, expect, it } from "vitest";
import type { AppOptions } from "../../../server/app.js";
import { sampleApps } from "../fixture.js";

const appWith = sampleApps();

/** A listening app on a free loopback port. */
async function listening(options: AppOptions): Promise<{ port: number }> {
  const app = await appWith(options);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { port: address.port };
}

interface Outcome {
  /** What the server wrote before it closed the socket. */
  received: string;
  closedAfterMs: number;
}

/** Sends `head` at once, then `drip` one piece every `everyMs` until the server closes the socket. */
function slowClient(port: number, head: string, drip: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(drip);
      }, everyMs);
    });
    socket.on("data", (data) => (received += data.toString("latin1")));
    socket.on("error", () => undefined); // a reset after the 408 is the point
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a slow client for 8 s; it received ${JSON.stringify(received)}`));
    }, 8000).unref();
  });
}

describe("VOUCH_REQUEST_TIMEOUT_MS", () => {
  it("answers a slow-loris header with 408 and closes the socket", async () => {
    const { port } = await listening({ requestTimeoutMs: 600 });
    const outcome = await slowClient(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n", "X-Slow: 1\r\n", 100);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(outcome.closedAfterMs).toBeLessThan(5000);
  });

  it("answers a slow body with 408 and closes the socket", async () => {
    const { port } = await listening({ requestTimeoutMs: 600 });
    const head =
      "POST /v1/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n";
    const outcome = await slowClient(port, head, " ", 100);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(outcome.closedAfterMs).toBeLessThan(5000);
  });

  it("answers a client that is quick enough", async () => {
    const { port } = await listening({ requestTimeoutMs: 600 });
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe("VOUCH_MAX_CONNECTIONS", () => {
  it("closes connections over the cap as they arrive and takes new ones when others end", async () => {
    const { port } = await listening({ maxConnections: 2 });
    const open = (): Promise<Socket> =>
      new Promise((resolve) => {
        const socket = connect(port, "127.0.0.1", () => resolve(socket));
        socket.on("error", () => undefined);
      });
    const held = [await open(), await open()];
    const over = await open();
    const closed = await new Promise<boolean>((resolve) => {
      over.on("close", () => resolve(true));
      over.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
      setTimeout(() => resolve(false), 2000).unref();
    });
    expect(closed).toBe(true);
    for (const socket of held) socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describe("VOUCH_TRUST_PROXY (a hop count)", () => {
  const ask = (port: number, forwardedFor: string) =>
    fetch(`http://127.0.0.1:${port}/v1/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ question: "Hi" }),
    });

  it("reads the client one entry from the right behind one proxy: a spoofed left-most entry is no new client", async () => {
    const { port } = await listening({ rateLimit: 2, trustProxy: 1 });
    const statuses = [];
    for (const spoofed of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      statuses.push((await ask(port, `${spoofed}, 203.0.113.7`)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Another client behind the same proxy has its own allowance.
    expect((await ask(port, "198.51.100.4, 203.0.113.8")).status).toBe(200);
  });

  it("reads the client two entries from the right behind two proxies", async () => {
    const { port } = await listening({ rateLimit: 1, trustProxy: 2 });
    expect((await ask(port, "198.51.100.1, 203.0.113.7, 10.0.0.2")).status).toBe(200);
    expect((await ask(port, "198.51.100.2, 203.0.113.7, 10.0.0.3")).status).toBe(429);
  });

  it("with 0 reads no header at all: every request from this socket's address is one client", async () => {
    const { port } = await listening({ rateLimit: 1, trustProxy: 0 });
    expect((await ask(port, "203.0.113.7")).status).toBe(200);
    expect((await ask(port, "203.0.113.8")).status).toBe(429);
  });
});
