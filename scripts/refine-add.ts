/**
 * `npm run refine -- <command>`: the refine CLI (@refinedev/cli) fitted to this repository.
 *
 *   npm run refine -- add resource <name…> [--path src/resources/<module>] [--actions list,create,edit,show]
 *
 * `add resource` runs the real CLI — its arguments, its prompt when a terminal asks for a name, its
 * actions — in a scratch directory holding a copy of our package.json and a stub App.tsx, then
 * reads the resources the CLI declared in that stub and writes the kit's files for each into
 * domain/resources/<module>/<name>/spec.ts and src/resources/<module>/<name>/ (index.ts, <Name>List.tsx),
 * where the registry finds them.
 * Run in the repository itself, the CLI would instead write Inferencer pages to src/pages, rewrite
 * every `<Refine resources>` it finds (RefineApp.tsx and three tests) and `npm install` the Inferencer:
 * none of that reaches the repository this way. Without a terminal, nothing waits on a prompt.
 *
 * Every other command (`add provider`, `swizzle`, `check-updates` …) goes to the CLI unchanged,
 * with its telemetry off.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { DEFAULT_ACTIONS, DEFAULT_PATH, declaredResources, kitFiles, menuTreeLine, parseAddResource, pascal } from "./refine-kit";

const ROOT = process.cwd();
const CLI_ENV = { ...process.env, REFINE_NO_TELEMETRY: "true", UPDATE_NOTIFIER_IS_DISABLED: "true" };

const USAGE = `usage: npm run refine -- add resource <name…> [--path ${DEFAULT_PATH}] [--actions ${DEFAULT_ACTIONS}]

  <name>     camelCase: the refine resource, its folder, menu code and i18n namespace (e.g. fooBar)
  --path     the module folder, src/resources/<module> (default ${DEFAULT_PATH})
  --actions  what the menu grants: list, create (add), edit (edit, delete), show (view)

Writes domain/resources/<module>/<name>/spec.ts and src/resources/<module>/<name>/{index.ts,<Name>List.tsx};
see README "Add a resource".`;

function cliPath(): string {
  const main = createRequire(join(ROOT, "package.json")).resolve("@refinedev/cli");
  return join(dirname(main), "cli.cjs");
}

function runCli(args: string[], cwd: string, interactive: boolean): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cliPath(), ...args], {
    cwd,
    env: CLI_ENV,
    encoding: "utf8",
    // The CLI's own messages name the scratch directory: shown only when it fails or asks.
    stdio: interactive ? "inherit" : ["ignore", "pipe", "pipe"],
    timeout: interactive ? undefined : 120_000,
  });
}

/** A resource of that name in any module (refine names are unique in the registry). */
function existing(name: string): string | undefined {
  const base = join(ROOT, "src", "resources");
  if (!existsSync(base)) return undefined;
  const modules = readdirSync(base, { withFileTypes: true }).filter((d) => d.isDirectory());
  const hit = modules.find((m) => existsSync(join(base, m.name, name)));
  return hit && relative(ROOT, join(base, hit.name, name));
}

/** A refusal: reported by main with its exit code, after the scratch directory is removed. */
class Refusal extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
  }
}

function fail(message: string, code = 1): never {
  throw new Refusal(message, code);
}

/** A scratch project the CLI may change at will: our dependencies (so it picks antd and Vite) and a stub App. */
function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "refine-add-"));
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  // Listed so the CLI finds the Inferencer "installed" and does not `npm install` it: the kit's
  // list page replaces the Inferencer pages it generates.
  const dependencies = { ...pkg.dependencies, "@refinedev/inferencer": "*" };
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "refine-add-scratch", private: true, dependencies, devDependencies: pkg.devDependencies }, null, 2));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "App.tsx"), 'import { Refine } from "@refinedev/core";\n\nexport const App = () => <Refine resources={[]} />;\n');
  return dir;
}

function addResource(argv: string[]): void {
  const args = parseAddResource(argv);
  if ("error" in args) fail(`${args.error}\n\n${USAGE}`, 2);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const interactive = args.names.length === 0;
  if (interactive && !process.stdin.isTTY) fail(`name the resource (there is no terminal to ask on)\n\n${USAGE}`, 2);
  for (const name of args.names) {
    const there = existing(name);
    if (there) fail(`${there} already exists`);
  }

  const scratch = scratchProject();
  try {
    const cliArgs = ["add", "resource", ...args.names, "--actions", args.actions.join(","), "--path", "out"];
    if (interactive) console.log("The refine CLI asks; the pages it reports go to a scratch directory, the kit's files to src/resources/.\n");
    const result = runCli(cliArgs, scratch, interactive);
    const declared = existsSync(join(scratch, "src", "App.tsx")) ? declaredResources(readFileSync(join(scratch, "src", "App.tsx"), "utf8")) : [];
    if (result.status !== 0 || declared.length === 0) {
      if (!interactive) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
      fail(result.error ? `the refine CLI did not run: ${result.error.message}` : `the refine CLI declared no resource (exit ${result.status ?? result.signal})`);
    }
    for (const { name, actions } of declared) {
      const checked = parseAddResource([name, "--path", `src/resources/${args.module}`, "--actions", actions.join(",") || "list"]);
      if ("error" in checked) fail(checked.error, 2);
      const there = existing(name);
      if (there) fail(`${there} already exists`);
      for (const { file, text } of kitFiles(name, args.module, checked.actions)) {
        mkdirSync(dirname(join(ROOT, file)), { recursive: true });
        writeFileSync(join(ROOT, file), text);
        console.log(`created ${file}`);
      }
      console.log(`
${pascal(name)} is registered at /${args.module}/${name} (src/resources/index.ts finds it). To see it:
  1. the server: routes for /api/blade-${args.module}/${name} (README "Add a resource", step 2);
  2. the menu: list it under its group in MENU_TREE of domain/menus/tree.ts (the seeded menus and
     their names in both languages derive from there; the spec's \`menu\` holds icon and buttons)
       ${menuTreeLine(name)}
     (a database seeded earlier gets it at the next start: the seed adds missing menus).`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main(argv: string[]): void {
  const [command, sub] = argv;
  if (command === "add" && sub === "resource") return addResource(argv.slice(2));
  if (command === "create-resource") return addResource(argv.slice(1)); // the CLI's deprecated spelling
  if (command === "add" && sub === undefined) {
    // The CLI's menu would run its own `add resource` in the repository itself.
    fail(`say what to add: add resource <name>, add provider, add integration\n\n${USAGE}`, 2);
  }
  const forwarded = spawnSync(process.execPath, [cliPath(), ...argv], { cwd: ROOT, env: CLI_ENV, stdio: "inherit" });
  process.exit(forwarded.status ?? 1);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof Refusal)) throw err;
  console.error(`npm run refine: ${err.message}`);
  process.exitCode = err.exitCode;
}
