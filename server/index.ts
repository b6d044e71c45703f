/**
 * The Node entry: open the database (PGlite in BLADE_DATA_DIR, or PostgreSQL at DATABASE_URL),
 * migrate, seed on first start, then serve /api and the built console from one port.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createAppForDatabase } from "./app";
import { databaseOptionsFromEnv, openDatabase } from "./db/connection";
import { seedIfFirstStart } from "./db/seed";
import { startWorkerLease } from "./db/worker-lease";
import { ConfiguredCodeSender } from "./notify/configured-sender";
import { LogCodeSender } from "./notify/sender";
import { captchaTestCode } from "./security/captcha";
import { loadSecretKey } from "./security/secrets";
import { listen } from "./listen";
import { modules } from "./modules";
import { webApp } from "./web";

const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

function announcePassword(password: string) {
  const line = "=".repeat(64);
  console.log(
    `\n${line}\n  First start: created the platform administrator\n` +
      `    tenant 000000   account admin   password ${password}\n` +
      `  This password is shown only now. Keep it (set BLADE_ADMIN_PASSWORD to choose your own).\n${line}\n`,
  );
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const dbOptions = databaseOptionsFromEnv(env);
  const database = await openDatabase(dbOptions);
  let secretKey: Uint8Array;
  try {
    // After the open: PGlite's first start must find its data directory empty.
    secretKey = loadSecretKey(env, { kind: database.kind, dataDir: "dataDir" in dbOptions ? dbOptions.dataDir : undefined });
  } catch (error) {
    await database.close();
    throw error;
  }
  await database.migrate();
  // The id generator's worker id: BLADE_WORKER_ID, or leased so that instances sharing the database never collide.
  const workerLease = await startWorkerLease(database.db, env).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const seeded = await seedIfFirstStart(database.db, {
    adminPassword: env.BLADE_ADMIN_PASSWORD || undefined,
    clientId: env.BLADE_CLIENT_ID || undefined,
    clientSecret: env.BLADE_CLIENT_SECRET || undefined,
    // The same switch the console is built with: a console without captcha needs the password grant.
    captchaRequired: env.VITE_CAPTCHA_MODE !== "false",
  });
  if (seeded.generatedAdminPassword) announcePassword(seeded.generatedAdminPassword);
  else if (seeded.seeded) console.log("First start: created the platform administrator admin (tenant 000000) with BLADE_ADMIN_PASSWORD.");

  if (captchaTestCode(env)) console.warn("WARNING: BLADE_TEST_HOOKS is on and every captcha has a fixed code. Never run like this outside tests.");

  const { app, ctx } = await createAppForDatabase(database, { secretKey });
  // Background work of the modules (the synchronisers' schedule): one timer each per process.
  const stops = modules.flatMap((m) => (m.start ? [m.start(ctx)] : []));
  if (ctx.codeSender instanceof ConfiguredCodeSender && ctx.codeSender.fallback instanceof LogCodeSender) {
    console.warn("Note: until the mail and SMS settings are saved in the console, verification codes are written to this log as [sms]/[mail] lines.");
  }
  if (ctx.oauthProviders.size) console.log(`Third-party sign-in: ${[...ctx.oauthProviders.keys()].join(", ")}`);
  const distDir = resolve(env.BLADE_DIST_DIR || join(repoRoot, "dist"));
  const port = Number(env.PORT || 8080);
  const { server } = await listen(webApp(app, distDir).fetch, port, env.HOST || undefined);
  const url = `http://localhost:${port}`;
  const where = database.kind === "pglite" ? `PGlite in ${resolve(env.BLADE_DATA_DIR || "./data")}` : "PostgreSQL";
  console.log(`Blade Console listening on ${url} (API under ${url}/api, data: ${where}, worker id ${workerLease.workerId()} from ${workerLease.source === "env" ? "BLADE_WORKER_ID" : "a lease"})`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((done) => {
      for (const stop of stops) stop();
      server.close(() => done());
      // Keep-alive sockets would hold close() open; in-flight requests get a few seconds.
      setTimeout(() => server.closeAllConnections(), 3000).unref();
    })
      .then(() => workerLease.stop())
      .then(() => database.close()));
  return { url, close };
}

// Run directly (`tsx server/index.ts`): start, and stop cleanly on Ctrl-C or a container stop.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  startServer().then(
    (running) => {
      const stop = (signal: string) => {
        console.log(`${signal}: shutting down`);
        running.close().then(
          () => process.exit(0),
          (error) => {
            console.error(error);
            process.exit(1);
          },
        );
      };
      process.once("SIGINT", () => stop("SIGINT"));
      process.once("SIGTERM", () => stop("SIGTERM"));
    },
    (error) => {
      console.error("Blade Console failed to start:", error);
      process.exit(1);
    },
  );
}
