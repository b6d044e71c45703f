import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "./connection";
import { seedIfFirstStart } from "./seed";
import { generatePassword } from "../security/password";

/**
 * A migrated and seeded database as a PGlite data-dir tarball, so tests restore a copy (≈0.5 s)
 * instead of running initdb (≈3-5 s, 0.9 GB) each time. Cached in the temp directory under a hash
 * of everything that shapes it, so an edit to schema, migrations or seed rebuilds it.
 */
export interface Template {
  path: string;
  adminPassword: string;
}

const serverDir = dirname(dirname(fileURLToPath(import.meta.url)));
// ../domain: the seeded menu tree and its buttons come from the menu registry and the resource specs.
const SOURCES = ["../domain/menus", "../domain/resources", "db/migrations", "db/seed", "db/schema.ts", "db/security-schema.ts", "db/columns.ts", "db/settings.ts", "security/password.ts"];

/** Every module's schema.ts: the tables the seed writes are defined there. */
const moduleSchemas = () =>
  readdirSync(join(serverDir, "modules"))
    .sort()
    .map((m) => join("modules", m, "schema.ts"))
    .filter((path) => existsSync(join(serverDir, path)));

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

function sourceHash(): string {
  const hash = createHash("sha256");
  for (const file of [...SOURCES, ...moduleSchemas()].flatMap((s) => listFiles(join(serverDir, s)))) {
    hash.update(relative(serverDir, file)).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function build(tarPath: string, jsonPath: string): Promise<void> {
  const adminPassword = generatePassword();
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    // Server tests sign in with the plain password grant; the seed's default (captcha only) has its own test.
    await seedIfFirstStart(database.db, { adminPassword, captchaRequired: false });
    const dump = await database.pglite!.dumpDataDir("none");
    writeFileSync(`${tarPath}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${tarPath}.tmp`, tarPath);
    writeFileSync(jsonPath, JSON.stringify({ adminPassword }));
  } finally {
    await database.close();
  }
}

/** Templates kept: a suite still running on an older one (another checkout, a helper's run) keeps its file. */
const KEEP = 4;

/** Removes all but the KEEP newest templates (a template is its .tar and .json, named by its key). */
function pruneTemplates(dir: string): void {
  const tars = readdirSync(dir)
    .filter((name) => name.endsWith(".tar"))
    .map((name) => ({ key: name.slice(0, -4), at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { key } of tars.slice(KEEP)) {
    for (const ext of [".tar", ".json"]) rmSync(join(dir, `${key}${ext}`), { force: true });
  }
}

/** The template of the current sources, built once; concurrent callers wait for the builder. */
export async function ensureTemplate(dir = join(tmpdir(), "blade-console-templates")): Promise<Template> {
  mkdirSync(dir, { recursive: true });
  const key = sourceHash();
  const tarPath = join(dir, `${key}.tar`);
  const jsonPath = join(dir, `${key}.json`);
  const lock = join(dir, `${key}.lock`);
  for (;;) {
    if (existsSync(jsonPath) && existsSync(tarPath)) {
      return { path: tarPath, adminPassword: (JSON.parse(readFileSync(jsonPath, "utf8")) as { adminPassword: string }).adminPassword };
    }
    try {
      mkdirSync(lock);
    } catch {
      // Someone else is building; a lock older than two minutes belongs to a dead process.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      await build(tarPath, jsonPath);
      pruneTemplates(dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
