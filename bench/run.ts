/**
 * npm run bench: bundle sizes and budgets of the console, the user-list API under 10,000 users,
 * Lighthouse on /login beside a bare refine + antd app, and the idle memory of the production
 * server. Prints tables, writes bench/results.json, exits 1 on a failed budget or a broken part.
 *
 *   npm run bench                          every part
 *   npm run bench -- --only=bundle         one part (bundle | api | lighthouse | memory | dept | export | dashboard | logExport | ide | myApps | userSync | mix | instances)
 *   npm run bench -- --only=mix --mixClients=50 --mixSeconds=60 --mix=users:40,filtered:10,…  --mixProfile=30
 *                                          mix: the operator mix beside the hot page on both engines (2,000 users
 *                                          unless --users is given); --mixProfile=S adds S s on PGlite under --cpu-prof
 *   npm run bench -- --syncUsers=20000     userSync: people of the large directory (default 50000; 10000 beside it)
 *   npm run bench -- --runs=5              Lighthouse runs per app (default 3; the median counts)
 *   npm run bench -- --users=2000          fewer users (default 10000)
 *   npm run bench -- --seed=api            seed through POST /api/blade-user/submit instead of
 *                                          writing the users with server/db before the server starts
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { benchApi, printApi, type SeedMethod } from "./api";
import { benchBundle, printBundle } from "./bundle";
import { DEFAULT_MIX, parseMix } from "./mix-weights";

const RESULTS = "bench/results.json";
const PARTS = ["bundle", "api", "lighthouse", "memory", "dept", "export", "dashboard", "logExport", "ide", "myApps", "userSync", "mix", "instances"];

function options(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const unknown = argv.filter((a) => !/^--(only|users|seed|runs|syncUsers|mixClients|mixSeconds|mix|mixProfile)=/.test(a));
  const only = get("only");
  const users = Number(get("users") ?? 10_000);
  const runs = Number(get("runs") ?? 3);
  const syncUsers = Number(get("syncUsers") ?? 50_000);
  const seed = get("seed") ?? (existsSync("server/db/connection.ts") ? "direct" : "api");
  const badRuns = !Number.isInteger(runs) || runs < 1 || runs > 20;
  const mixClients = Number(get("mixClients") ?? 50);
  const mixSeconds = Number(get("mixSeconds") ?? 60);
  const mixProfile = Number(get("mixProfile") ?? 0);
  const mixWeights = parseMix(get("mix") ?? DEFAULT_MIX);
  const badMix = !mixWeights || !Number.isInteger(mixClients) || mixClients < 1 || mixClients > 500 || !(mixSeconds >= 1 && mixSeconds <= 3600) || !(mixProfile >= 0 && mixProfile <= 600);
  if (badMix || unknown.length || (only && !PARTS.includes(only)) || !Number.isInteger(users) || users < 1 || users > 100_000 || !["api", "direct"].includes(seed) || badRuns || !Number.isInteger(syncUsers) || syncUsers < 10 || syncUsers > 200_000) {
    console.error(`usage: npm run bench -- [--only=${PARTS.join("|")}] [--users=N (1..100000)] [--seed=api|direct] [--runs=N (1..20)] [--syncUsers=N (10..200000)] [--mixClients=N] [--mixSeconds=S] [--mix=${DEFAULT_MIX}] [--mixProfile=S]`);
    process.exit(2);
  }
  const part = (name: string) => !only || only === name;
  return {
    bundle: part("bundle"),
    api: part("api"),
    lighthouse: part("lighthouse"),
    memory: part("memory"),
    dept: part("dept"),
    export: part("export"),
    logExport: part("logExport"),
    dashboard: part("dashboard"),
    ide: part("ide"),
    myApps: part("myApps"),
    userSync: part("userSync"),
    mix: part("mix"),
    instances: part("instances"),
    mixOptions: { clients: mixClients, seconds: mixSeconds, weights: mixWeights!, profileSeconds: mixProfile, users: get("users") ? users : 2_000 },
    syncUsers,
    users,
    runs,
    seed: seed as SeedMethod,
  };
}

/** Runs a part with budgets into results[key]; false when it broke or missed a budget. */
async function budgeted<T extends { budgets: { pass: boolean }[] }>(
  results: Record<string, unknown>,
  key: string,
  run: () => Promise<T>,
  print: (result: T) => void,
): Promise<boolean> {
  try {
    const result = await run();
    print(result);
    results[key] = { measuredAt: new Date().toISOString(), ...result };
    return result.budgets.every((b) => b.pass);
  } catch (err) {
    console.error(`\n${key} bench failed: ${(err as Error).message}`);
    results[key] = { measuredAt: new Date().toISOString(), error: (err as Error).message.split("\n")[0] };
    return false;
  }
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

  // The README quotes both the default 10,000 users and a 100,000-user run: each keeps its own entry.
  const apiKey = opts.users === 10_000 ? "api" : `api${opts.users}`;
  if (opts.api) {
    try {
      const api = await benchApi({ users: opts.users, seed: opts.seed });
      printApi(api);
      results[apiKey] = { measuredAt: new Date().toISOString(), ...api };
    } catch (err) {
      console.error(`\nAPI bench failed: ${(err as Error).message}`);
      results[apiKey] = { measuredAt: new Date().toISOString(), error: (err as Error).message.split("\n")[0] };
      failed = true;
    }
  }

  // Loaded only when asked for: Lighthouse alone takes seconds to import.
  if (opts.lighthouse) {
    const { benchLighthouse, printLighthouse } = await import("./lighthouse");
    failed = !(await budgeted(results, "lighthouse", () => benchLighthouse({ runs: opts.runs }), printLighthouse)) || failed;
  }
  if (opts.memory) {
    const { benchMemory, printMemory } = await import("./memory");
    failed = !(await budgeted(results, "memory", benchMemory, printMemory)) || failed;
  }

  if (opts.dept) {
    const { benchDept, printDept } = await import("./dept");
    failed = !(await budgeted(results, "dept", () => benchDept(), printDept)) || failed;
  }
  if (opts.export) {
    const { benchUserExport, printUserExport } = await import("./user-export");
    failed = !(await budgeted(results, "userExport", () => benchUserExport(), printUserExport)) || failed;
  }
  if (opts.dashboard) {
    const { benchDashboard, printDashboard } = await import("./dashboard");
    failed = !(await budgeted(results, "dashboard", () => benchDashboard(), printDashboard)) || failed;
  }

  if (opts.logExport) {
    const { benchLogExport, printLogExport } = await import("./log-export");
    failed = !(await budgeted(results, "logExport", () => benchLogExport(), printLogExport)) || failed;
  }

  if (opts.ide) {
    const { benchIde, printIde } = await import("./ide");
    failed = !(await budgeted(results, "ide", benchIde, printIde)) || failed;
  }

  if (opts.myApps) {
    const { benchMyApps, printMyApps } = await import("./my-apps");
    failed = !(await budgeted(results, "myApps", () => benchMyApps(), printMyApps)) || failed;
  }

  if (opts.userSync) {
    const { benchUserSync, printUserSync } = await import("./user-sync");
    failed = !(await budgeted(results, "userSync", () => benchUserSync({ users: opts.syncUsers }), printUserSync)) || failed;
  }

  if (opts.mix) {
    const { benchMix, printMix } = await import("./mix");
    failed = !(await budgeted(results, "mix", () => benchMix(opts.mixOptions), printMix)) || failed;
  }
  if (opts.instances) {
    const { benchInstances, printInstances } = await import("./instances");
    failed = !(await budgeted(results, "instances", benchInstances, printInstances)) || failed;
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
