/**
 * The query clients of the apps a test rendered, stopped after it (test/setup.ts): a query waiting to retry would
 * otherwise call `fetch` later, in whatever test runs then, and with that test's fake bank.
 */
import type { QueryClient } from '@tanstack/react-query';

const liveClients = new Set<QueryClient>();

export function stopAfterTest(client: QueryClient) {
  liveClients.add(client);
}

export async function stopRenderedApps() {
  const clients = [...liveClients];
  liveClients.clear();
  await Promise.all(clients.map((client) => client.cancelQueries()));
  for (const client of clients) client.clear();
}
