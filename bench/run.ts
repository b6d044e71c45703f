/**
 * npm run bench: bundle sizes and budgets of the console, then the user-list API under 10,000
 * users. Prints tables, writes bench/results.json, exits 1 on a failed budget or a broken part.
 *
 *   npm run bench                          both parts
 *   npm run bench -- --only=bundle         one part (bundle | api)
 *   npm run bench -- --users=2000          fewer users (default 10000)
 *   npm run bench -- --seed=api            seed through POST /api/blade-user/submit instead of
 *                                          writing the users with server/db before the server starts
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { benchApi, printApi, type SeedMethod } from "./api";
import { benchBundle, printBundle } from "./bundle";

const RESULTS = "bench/results.json";

function options(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const unknown = argv.filter((a) => !/^--(only|users|seed)=/.test(a));
  const only = get("only");
  const users = Number(get("users") ?? 10_000);
  const seed = get("seed") ?? (existsSync("server/db/connection.ts") ? "direct" : "api");
  if (unknown.length || (only && !["bundle", "api"].includes(only)) || !Number.isInteger(users) || users < 1 || users > 100_000 || !["api", "direct"].includes(seed)) {
    console.error("usage: npm run bench -- [--only=bundle|api] [--users=N (1..100000)] [--seed=api|direct]");
    process.exit(2);
  }
  return { bundle: only !== "api", api: only !== "bundle", users, seed: seed as SeedMethod };
}

async function main(): Promise<number> {
  const opts = options(process.argv.slice(2));
  const previous = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, "utf8")) as Record<string, unknown>) : {};
  const results: Record<string, unknown> = {
    ...previous,
    machine: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus().length },
  };
  let failed = false;

  if (opts.bundle) {
    try {
      const bundle = await benchBundle();
      printBundle(bundle);
      results.bundle = { measuredAt: new Date().toISOString(), ...bundle };
      if (bundle.budgets.some((b) => !b.pass)) failed = true;
    } catch (err) {
      console.error(`\nBundle bench failed: ${(err as Error).message}`);
      results.bundle = { measuredAt: new Date().toISOString(), error: (err as Error).message.split("\n")[0] };
      failed = true;
    }
  }

  if (opts.api) {
    try {
      const api = await benchApi({ users: opts.users, seed: opts.seed });
      printApi(api);
      results.api = { measuredAt: new Date().toISOString(), ...api };
    } catch (err) {
      console.error(`\nAPI bench failed: ${(err as Error).message}`);
      results.api = { measuredAt: new Date().toISOString(), error: (err as Error).message.split("\n")[0] };
      failed = true;
    }
  }

  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${RESULTS}${failed ? " — with failures" : ""}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
