import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on a free port of 127.0.0.1 and resolves to its origin. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops `server`, closing kept-alive connections so that it stops at once. */
export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
