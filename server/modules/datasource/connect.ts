import pg from "pg";
import { datasourceMessage, type DatasourceAddress } from "../../../domain/resources/system/datasource/spec";
import { badRequest } from "../../http/errors";

/** How long 测试连接 waits for the database to answer at all (connect and the one query). */
export const TEST_TIMEOUT_MS = 5000;

export interface Credentials {
  username: string;
  password: string;
}

const addressOf = (a: DatasourceAddress) => `${a.host.includes(":") ? `[${a.host}]` : a.host}:${a.port}`;

/**
 * Connects to a datasource once and answers its `select version()`. Everything the connection uses
 * is given here: pg would otherwise fill an empty password or user from the server's own PG*
 * environment or ~/.pgpass (the password is a function for that reason) and its TLS from
 * PGSSLMODE, so a datasource could never borrow the server's credentials.
 * A failure is a 400 in words a person understands (refused, unknown host, authentication, no
 * such database, timeout), never the driver's stack.
 */
export async function testConnection(address: DatasourceAddress, credentials: Credentials, timeoutMs = TEST_TIMEOUT_MS): Promise<string> {
  const client = new pg.Client({
    host: address.host,
    port: address.port,
    database: address.database,
    user: credentials.username,
    password: () => credentials.password,
    ssl: false,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: "blade-console datasource test",
  });
  // A connection dropped after the answer must not become an unhandled 'error' event.
  client.on("error", () => undefined);
  try {
    await client.connect();
    const result = await client.query<{ version: string }>("select version() as version");
    return result.rows[0].version;
  } catch (error) {
    throw badRequest(explain(error, address, timeoutMs));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The driver's failure in the words of datasourceMessages (zh, as every server message). */
export function explain(error: unknown, address: DatasourceAddress, timeoutMs = TEST_TIMEOUT_MS): string {
  const e = error as { code?: string; message?: string };
  const where = { address: addressOf(address), host: address.host, database: address.database, seconds: String(Math.round(timeoutMs / 1000)) };
  switch (e.code) {
    case "ECONNREFUSED":
      return datasourceMessage("refused", "zh", where);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return datasourceMessage("hostUnknown", "zh", where);
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return datasourceMessage("timeout", "zh", where);
    // invalid_password, invalid_authorization_specification (pg_hba refused this user or host)
    case "28P01":
    case "28000":
      return datasourceMessage("authFailed", "zh");
    case "3D000":
      return datasourceMessage("noDatabase", "zh", where);
  }
  // The server asked for a password and none was given (pg refuses to send an empty one).
  if (/client password must be a non-empty string/.test(e.message ?? "")) return datasourceMessage("authFailed", "zh");
  if (/timeout/i.test(e.message ?? "")) return datasourceMessage("timeout", "zh", where);
  return datasourceMessage("failed", "zh", { reason: (e.message ?? String(error)).slice(0, 200) });
}
