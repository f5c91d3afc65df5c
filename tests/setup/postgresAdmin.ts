/** The URL of database `name` on the server of `adminUrl` (same role and host). */
export function postgresDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on a connection of its own to the admin database, and closes it. */
export async function onAdminConnection(adminUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  // A connection error also rejects the statement or the end() awaited below; heard here, it cannot end the process.
  const lost: Error[] = [];
  client.on("error", (error) => lost.push(error));
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
  const [error] = lost;
  if (error) throw error;
}
