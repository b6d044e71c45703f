/**
 * A test directory to point an LDAP synchroniser at by hand or from a browser journey:
 *
 *   npx tsx server/test/slapd-cli.ts              sample tree (总部 → 研发部 → 前端组, 市场部; 4 people)
 *   npx tsx server/test/slapd-cli.ts --tls        also ldaps:// and StartTLS; writes the CA PEM to a temp file (LDAP_CA_FILE)
 *   npx tsx server/test/slapd-cli.ts --json       one JSON line instead of KEY=value lines (for a journey to parse)
 *
 * Prints the URL, bind DN and password, base DN and the default filters, then keeps running until
 * SIGINT/SIGTERM, when it stops slapd and removes its temp directory. A journey changes users
 * while it runs with the helpers of ./slapd (startSlapd in-process) or any LDAP client bound as
 * the printed DN.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sampleTree, slapdMissing, startSlapd } from "./slapd";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== "--tls" && a !== "--json");
  if (unknown.length) {
    console.error("usage: npx tsx server/test/slapd-cli.ts [--tls] [--json]");
    process.exit(2);
  }
  if (slapdMissing) {
    console.error(slapdMissing);
    process.exit(1);
  }
  const tls = args.includes("--tls");
  const directory = await startSlapd({ ldif: sampleTree(), tls });
  const caDir = directory.ca ? mkdtempSync(join(tmpdir(), "blade-slapd-ca-")) : undefined;
  const caFile = caDir && join(caDir, "ca.pem");
  if (caFile) writeFileSync(caFile, directory.ca!);
  const info = {
    LDAP_URL: directory.url,
    LDAPS_URL: directory.ldapsUrl,
    LDAP_CA_FILE: caFile,
    LDAP_BIND_DN: directory.rootDn,
    LDAP_BIND_PASSWORD: directory.rootPassword,
    LDAP_USER_BASE_DN: directory.suffix,
    LDAP_USER_FILTER: "(objectClass=inetOrgPerson)",
    LDAP_DEPT_BASE_DN: directory.suffix,
    LDAP_DEPT_FILTER: "(objectClass=organizationalUnit)",
  };
  if (args.includes("--json")) console.log(JSON.stringify(info));
  else console.log(Object.entries(info).filter(([, v]) => v).map(([k, v]) => `${k}=${v}`).join("\n"));

  const stop = async () => {
    await directory.stop();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
  // Keeps the process alive until a signal arrives.
  setInterval(() => undefined, 1 << 30);
}

void main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
