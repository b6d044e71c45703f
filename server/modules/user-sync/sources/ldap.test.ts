import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ldifEntry, ouEntry, personEntry, startSlapd, SUFFIX, type Slapd } from "../../../test/slapd";
import { guidToString, ldapSource, parseDn } from "./ldap";
import { SourceError, type SourceConfig, type SourceUser } from "./source";

/**
 * The LDAP source against a real OpenLDAP (one slapd for the file, with LDAPS and StartTLS):
 * 总部 → 研发部 → 前端组, 总部 → 市场部, 35 people in 批量组 for paging, a person outside every unit,
 * and an Active Directory look-alike under ou=AD (Microsoft's schema as OpenLDAP ships it: binary
 * objectGUID, userAccountControl).
 */
const HQ = `ou=总部,${SUFFIX}`;
const RD = `ou=研发部,${HQ}`;
const FE = `ou=前端组,${RD}`;
const MK = `ou=市场部,${HQ}`;
const BULK = `ou=批量组,${HQ}`;
const PEOPLE = `ou=people,${SUFFIX}`;
const BULK_USERS = 35;

function tree(): string {
  const bulk = Array.from({ length: BULK_USERS }, (_, i) =>
    personEntry(`uid=bulk${String(i).padStart(2, "0")},${BULK}`, { uid: `bulk${String(i).padStart(2, "0")}`, cn: `批量${i}` }),
  );
  return [
    ouEntry(HQ),
    ouEntry(RD),
    ouEntry(FE),
    ouEntry(MK),
    ouEntry(BULK),
    personEntry(`uid=zhangsan,${FE}`, { uid: "zhangsan", cn: "张三", displayName: "张三丰", mail: "zhangsan@example.org", mobile: "13800000001" }),
    personEntry(`uid=lisi,${RD}`, { uid: "lisi", cn: "李四", mail: "lisi@example.org" }),
    personEntry(`uid=wangwu,${MK}`, { uid: "wangwu", cn: "王五" }),
    ...bulk,
  ].join("");
}

/** objectGUID bytes as AD stores them (first three groups little-endian) for GUID 00112233-4455-6677-8899-00000000000n. */
const guidBytes = (n: number) => Buffer.from(`33221100554477668899${String(n).padStart(12, "0")}`, "hex");
const guid = (n: number) => `00112233-4455-6677-8899-${String(n).padStart(12, "0")}`;
const AD = `ou=AD,${SUFFIX}`;
const AD_SALES = `ou=Sales,${AD}`;

function adTree(): string {
  // extensibleObject: OpenLDAP's organizationalUnit and user do not list every attribute AD gives them.
  const unit = (dn: string, n: number) => ldifEntry(dn, { objectClass: ["organizationalUnit", "extensibleObject"], ou: dn.slice(3, dn.indexOf(",")), objectGUID: guidBytes(n) });
  const user = (cn: string, sam: string, n: number, userAccountControl: number) =>
    ldifEntry(`cn=${cn},${AD_SALES}`, {
      objectClass: ["top", "person", "organizationalPerson", "user", "extensibleObject"],
      cn,
      sn: cn,
      sAMAccountName: sam,
      objectGUID: guidBytes(n),
      userAccountControl: String(userAccountControl),
      instanceType: "4",
      nTSecurityDescriptor: Buffer.from([1, 0]),
      objectCategory: `CN=Person,CN=Schema,CN=Configuration,${SUFFIX}`,
    });
  return unit(AD, 1) + unit(AD_SALES, 2) + user("Alice", "alice", 3, 512) + user("Bob", "bob", 4, 514);
}

let dir: Slapd;
/** entryUUID by DN, as the directory itself answers it. */
const uuid = async (dn: string) => {
  const { searchEntries } = await (await dir.client()).search(dn, { scope: "base", attributes: ["entryUUID"] });
  return String(searchEntries[0]!.entryUUID);
};

function config(overrides: Partial<SourceConfig> = {}): SourceConfig {
  return {
    sourceType: "ldap",
    endpoint: dir.url,
    tls: "none",
    principal: dir.rootDn,
    secret: dir.rootPassword,
    userBaseDn: SUFFIX,
    userFilter: "",
    deptBaseDn: SUFFIX,
    deptFilter: "",
    rootDept: "",
    attributes: ["uid", "cn", "displayName", "mobile", "mail"],
    ...overrides,
  };
}

async function readAll(c: SourceConfig): Promise<{ pages: SourceUser[][]; users: Map<string, SourceUser> }> {
  const reader = ldapSource(c);
  try {
    const pages: SourceUser[][] = [];
    for await (const page of reader.users()) pages.push(page);
    return { pages, users: new Map(pages.flat().map((u) => [u.attrs.uid!, u])) };
  } finally {
    await reader.close();
  }
}

/** The SourceError a failing read ends with. */
async function failure(c: SourceConfig, what: "departments" | "users" = "departments"): Promise<SourceError> {
  const reader = ldapSource(c);
  try {
    if (what === "departments") await reader.departments();
    else for await (const page of reader.users()) void page;
  } catch (err) {
    expect(err).toBeInstanceOf(SourceError);
    return err as SourceError;
  } finally {
    await reader.close();
  }
  throw new Error("the read did not fail");
}

describe("LDAP source against OpenLDAP", () => {
  beforeAll(async () => {
    const loner = ouEntry(PEOPLE) + personEntry(`uid=loner,${PEOPLE}`, { uid: "loner", cn: "Loner" });
    dir = await startSlapd({ tls: true, schemas: ["msuser"], ldif: tree() + loner + adTree() });
  });
  afterAll(async () => dir?.stop());

  it("answers the units as a tree: each unit's parent is the unit above it, named by ou, keyed by entryUUID", async () => {
    const reader = ldapSource(config({ deptBaseDn: HQ }));
    const depts = await reader.departments();
    await reader.close();
    const [hq, rd, fe, mk] = await Promise.all([HQ, RD, FE, MK].map(uuid));
    const byName = new Map(depts.map((d) => [d.name, d]));
    expect([...byName.keys()].sort()).toEqual(["前端组", "市场部", "总部", "批量组", "研发部"].sort());
    expect(byName.get("总部")).toEqual({ externalId: hq, parentExternalId: "", name: "总部", sort: 0 });
    expect(byName.get("研发部")!.parentExternalId).toBe(hq);
    expect(byName.get("前端组")).toMatchObject({ externalId: fe, parentExternalId: rd });
    expect(byName.get("市场部")).toMatchObject({ externalId: mk, parentExternalId: hq });
    // Parents come first, so a writer never meets a parent it has not created.
    expect(depts.indexOf(byName.get("研发部")!)).toBeLessThan(depts.indexOf(byName.get("前端组")!));
  });

  it("answers people with the asked attributes, their unit, and empty text for what they lack", async () => {
    const { users } = await readAll(config());
    const zhangsan = users.get("zhangsan")!;
    expect(zhangsan).toEqual({
      externalId: await uuid(`uid=zhangsan,${FE}`),
      attrs: { uid: "zhangsan", cn: "张三", displayName: "张三丰", mobile: "13800000001", mail: "zhangsan@example.org" },
      deptExternalIds: [await uuid(FE)],
      active: true,
    });
    expect(users.get("lisi")!.attrs).toEqual({ uid: "lisi", cn: "李四", displayName: "", mobile: "", mail: "lisi@example.org" });
    expect(users.get("lisi")!.deptExternalIds).toEqual([await uuid(RD)]);
    // Outside the units base DN's units: no department (the synchroniser's target department).
    const narrow = await readAll(config({ deptBaseDn: HQ }));
    expect(narrow.users.get("loner")!.deptExternalIds).toEqual([]);
    expect(users.size).toBe(3 + BULK_USERS + 1);
  });

  it("reads people page by page with the paged-results control", async () => {
    const { pages, users } = await readAll(config({ userBaseDn: BULK, pageSize: 10 }));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 5]);
    expect(users.size).toBe(BULK_USERS);
    const filtered = await readAll(config({ userFilter: "(uid=bulk1*)", pageSize: 4 }));
    expect([...filtered.users.keys()].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `bulk1${i}`));
  });

  it("says in words what is wrong: password, unreachable server, missing base DN, bad filter", async () => {
    const wrong = await failure(config({ secret: "not-the-password" }));
    expect(wrong.message).toBe("绑定DN或密码错误");
    expect((await failure(config({ secret: "" }))).message).toContain("绑定DN或密码错误");

    const port = await freePort();
    const down = await failure(config({ endpoint: `ldap://127.0.0.1:${port}` }));
    expect(down.message).toBe(`无法连接 LDAP 服务器 127.0.0.1:${port}:连接被拒绝(请检查地址和端口)`);

    const missing = await failure(config({ userBaseDn: `ou=nowhere,${SUFFIX}` }), "users");
    expect(missing.message).toBe(`Base DN 不存在:ou=nowhere,${SUFFIX}`);

    const badDn = await failure(config({ principal: "admin" }));
    expect(badDn.message).toBe("DN 格式错误:admin");

    const badFilter = await failure(config({ userFilter: "(uid=zhangsan" }), "users");
    expect(badFilter.message).toBe("过滤条件格式错误:(uid=zhangsan");

    for (const err of [wrong, down, missing, badFilter]) expect(err.message).not.toMatch(/\n|\bat /);
  });

  it("connects with StartTLS and LDAPS trusting the generated CA, and refuses an unknown certificate", async () => {
    const startTls = await readAll(config({ tls: "starttls", ca: dir.ca }));
    expect(startTls.users.get("zhangsan")!.attrs.cn).toBe("张三");
    const ldaps = await readAll(config({ endpoint: dir.ldapsUrl!, tls: "ldaps", ca: dir.ca }));
    expect(ldaps.users.get("zhangsan")!.attrs.cn).toBe("张三");

    const untrusted = await failure(config({ tls: "starttls" }));
    expect(untrusted.message).toMatch(/^服务器证书校验失败/);
    // LDAPS spoken to the plain port.
    const wrongPort = await failure(config({ tls: "ldaps", ca: dir.ca }));
    expect(wrongPort.message).toBe("TLS 握手失败,请确认端口与加密方式一致(LDAPS 一般为 636)");
  });

  it("reads Active Directory: objectGUID as a GUID string, a disabled account (userAccountControl bit 2) inactive", async () => {
    // AD expands (objectCategory=person) itself; OpenLDAP holds objectCategory as a DN, so the look-alike filters by class.
    const c = config({ sourceType: "ad", userBaseDn: AD, deptBaseDn: AD, userFilter: "(objectClass=user)", attributes: ["sAMAccountName", "cn"] });
    const reader = ldapSource(c);
    expect(await reader.departments()).toEqual([
      { externalId: guid(1), parentExternalId: "", name: "AD", sort: 0 },
      { externalId: guid(2), parentExternalId: guid(1), name: "Sales", sort: 0 },
    ]);
    const users: SourceUser[] = [];
    for await (const page of reader.users()) users.push(...page);
    await reader.close();
    expect(users.sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual([
      { externalId: guid(3), attrs: { sAMAccountName: "alice", cn: "Alice" }, deptExternalIds: [guid(2)], active: true },
      { externalId: guid(4), attrs: { sAMAccountName: "bob", cn: "Bob" }, deptExternalIds: [guid(2)], active: false },
    ]);
    // Keyed by objectGUID, not by the entryUUID that slapd adds to every entry.
    expect(users.map((u) => u.externalId)).not.toContain(await uuid(`cn=Alice,${AD_SALES}`));
  });

  it("keeps a renamed and moved person's entryUUID, with the new uid and unit", async () => {
    const before = (await readAll(config())).users.get("wangwu")!;
    await dir.rename(`uid=wangwu,${MK}`, "uid=wangwu2", FE);
    await dir.modify(`uid=wangwu2,${FE}`, { uid: "wangwu2", mobile: "13900000009" });
    const { users } = await readAll(config());
    expect(users.has("wangwu")).toBe(false);
    const after = users.get("wangwu2")!;
    expect(after.externalId).toBe(before.externalId);
    expect(after.attrs).toMatchObject({ uid: "wangwu2", mobile: "13900000009" });
    expect(after.deptExternalIds).toEqual([await uuid(FE)]);
  });
});

describe("LDAP values", () => {
  it("writes AD's objectGUID as the GUID Windows shows", () => {
    const bytes = Buffer.from("33221100554477668899aabbccddeeff", "hex");
    expect(guidToString(bytes)).toBe("00112233-4455-6677-8899-aabbccddeeff");
  });

  it("splits DNs with escaped commas and UTF-8 hex pairs", () => {
    expect(parseDn("OU=Sales\\, East,ou=\\E6\\80\\BB\\E9\\83\\A8, DC=example,DC=org")).toEqual([
      { type: "ou", value: "Sales, East" },
      { type: "ou", value: "总部" },
      { type: "dc", value: "example" },
      { type: "dc", value: "org" },
    ]);
  });
});
