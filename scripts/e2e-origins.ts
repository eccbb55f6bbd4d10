/**
 * Where the end-to-end tests' two servers listen (scripts/e2e-servers.ts starts them; the config and
 * the specs that need the second read them here): E2E_PORT (4173) for the site, and 20,000 above it
 * for the same build over HTTPS and HTTP/2 with an unreachable newsletter provider. And the line the
 * starter prints once both answer, which Playwright waits for.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

export const E2E_SERVERS = {
  site: { port: E2E_PORT, https: false },
  https: { port: E2E_PORT + 20_000, https: true },
} as const;

export type E2eServer = keyof typeof E2E_SERVERS;

/** The origin of one of the servers: `http://127.0.0.1:4173`. */
export function e2eOrigin(server: E2eServer): string {
  const { port, https } = E2E_SERVERS[server];
  return `${https ? "https" : "http"}://127.0.0.1:${port}`;
}

/** Plain words only: the config matches it as a regular expression. */
export const E2E_SERVERS_READY = "The end-to-end servers answer";
