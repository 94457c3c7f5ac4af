import { Client } from 'pg';

/** One connection to a PostgreSQL URL for a few statements (setting up or dropping a database), closed after. */
export async function withPgClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
