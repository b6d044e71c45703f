/**
 * The bench's throw-away PostgreSQL cluster: the tests' helper (server/test/postgres.ts), from the
 * machine's own binaries. Absent binaries → null, and the bench says PostgreSQL was not measured.
 */
export { startTempPostgres, type TempPostgres } from "../server/test/postgres";
