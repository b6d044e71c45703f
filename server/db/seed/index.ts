import { sql } from "drizzle-orm";
import type { Db } from "../connection";
import { nextId } from "../ids";
import { client, dept, dict, menu, param, post, role, roleMenu, setting, tenant, topMenu, topMenuSetting, user, userDept } from "../schema";
import { SETTING, getSetting, newJwtSecret } from "../settings";
import { formatDateTime } from "../time";
import { generatePassword, hashPlainPassword, sha256Hex } from "../../security/password";
import { DEFAULT_TENANT_ID, ADMINISTRATOR_ALIAS } from "../../../domain/contract";
import { DEPTS, DICTS, PARAMS, POSTS, type DeptSeed } from "./dicts";
import { syncSeededDicts } from "./dict-sync";
import { syncSeededMenus } from "./menu-sync";
import { USER_ROLE_BUTTON_CODES } from "../../../domain/menus";
import { MENU_TREE, TOP_MENUS, USER_ROLE_MENU_CODES, type MenuSeed } from "./menus";

export interface SeedOptions {
  /** BLADE_ADMIN_PASSWORD; generated when absent. */
  adminPassword?: string;
  clientId?: string;
  clientSecret?: string;
  /**
   * The console's client signs in only with a captcha (grant `captcha`, no plain `password`), as
   * the console does by default (VITE_CAPTCHA_MODE). Default true.
   */
  captchaRequired?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  /** Only on the seeding start, and only when it was generated (to be shown once). */
  generatedAdminPassword?: string;
}

type MenuRow = typeof menu.$inferInsert;

/** Flattens the menu tree into rows with fresh ids; buttons are category-2 children. */
export function menuRows(tree: MenuSeed[] = MENU_TREE): MenuRow[] {
  const rows: MenuRow[] = [];
  const walk = (nodes: MenuSeed[], parentId: string) =>
    nodes.forEach((node, i) => {
      const id = nextId();
      const { code, name, path } = node;
      rows.push({ id, parentId, code, name, alias: node.alias ?? "menu", path, source: node.source ?? "", sort: i + 1, category: 1 });
      node.buttons?.forEach((b, j) =>
        rows.push({
          id: nextId(),
          parentId: id,
          code: `${code}_${b.alias}`,
          name: b.name,
          alias: b.alias,
          path: `${path}/${b.alias}`,
          sort: j + 1,
          category: 2,
          action: b.action,
        }),
      );
      if (node.children) walk(node.children, id);
    });
  walk(tree, "0");
  return rows;
}

/** What role 普通用户 is granted: its menus and, of their buttons, only the ones USER_ROLE_BUTTON_CODES names. */
export function userRoleMenus<M extends { id?: string; code: string; parentId?: string | null; category?: number | null }>(menus: M[]): M[] {
  const pages = new Set(menus.filter((m) => USER_ROLE_MENU_CODES.includes(m.code)).map((m) => m.id));
  return menus.filter((m) => pages.has(m.id) || (m.category === 2 && USER_ROLE_BUTTON_CODES.includes(m.code) && pages.has(m.parentId ?? undefined)));
}

/**
 * First start: everything the platform needs to be signed into, in one transaction, guarded by an
 * advisory lock so that several instances starting against one PostgreSQL seed it once.
 */
export async function seedIfFirstStart(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    if (await getSetting(tx, SETTING.seededAt)) {
      await syncSeededMenus(tx);
      await syncSeededDicts(tx);
      return { seeded: false };
    }
    const generated = options.adminPassword ? undefined : generatePassword();
    await seed(tx, { ...options, adminPassword: options.adminPassword ?? generated });
    return { seeded: true, generatedAdminPassword: generated };
  });
}

async function seed(tx: Db, options: SeedOptions & { adminPassword?: string }) {
  const now = formatDateTime(new Date());
  const adminId = nextId();
  const audit = { createUser: adminId, updateUser: adminId, createTime: now, updateTime: now };
  const tenantId = DEFAULT_TENANT_ID;

  await tx.insert(tenant).values({ id: nextId(), tenantId, tenantName: "管理组", linkman: "admin", ...audit });

  const deptRows: (typeof dept.$inferInsert)[] = [];
  const walkDepts = (nodes: DeptSeed[], parentId: string, ancestors: string) =>
    nodes.forEach((d, i) => {
      const id = nextId();
      deptRows.push({ id, tenantId, parentId, ancestors, deptName: d.name, fullName: d.fullName, sort: i + 1, ...audit });
      if (d.children) walkDepts(d.children, id, `${ancestors},${id}`);
    });
  walkDepts(DEPTS, "0", "0");
  await tx.insert(dept).values(deptRows);

  const adminRoleId = nextId();
  const userRoleId = nextId();
  await tx.insert(role).values([
    { id: adminRoleId, tenantId, roleName: "超级管理员", roleAlias: ADMINISTRATOR_ALIAS, sort: 1, ...audit },
    { id: userRoleId, tenantId, roleName: "普通用户", roleAlias: "user", sort: 2, ...audit },
  ]);

  const postRows = POSTS.map(([postCode, postName, category], i) => {
    return { id: nextId(), tenantId, postCode, postName, category, sort: i + 1, ...audit };
  });
  await tx.insert(post).values(postRows);

  const menus = menuRows();
  await tx.insert(menu).values(menus);
  await tx.insert(roleMenu).values([
    ...menus.map((m) => ({ id: nextId(), roleId: adminRoleId, menuId: m.id! })),
    ...userRoleMenus(menus).map((m) => ({ id: nextId(), roleId: userRoleId, menuId: m.id! })),
  ]);

  for (const [i, top] of TOP_MENUS.entries()) {
    const topId = nextId();
    await tx.insert(topMenu).values({ id: topId, tenantId, code: top.code, name: top.name, source: top.source, sort: i + 1, ...audit });
    const ids = menus.filter((m) => top.menuCodes.includes(m.code)).map((m) => m.id!);
    await tx.insert(topMenuSetting).values(ids.map((menuId) => ({ id: nextId(), topMenuId: topId, menuId })));
  }

  const dictRows: (typeof dict.$inferInsert)[] = [];
  DICTS.forEach((d, i) => {
    const rootId = nextId();
    dictRows.push({ id: rootId, parentId: "0", code: d.code, dictKey: "-1", dictValue: d.name, sort: i + 1 });
    d.entries.forEach(([dictKey, dictValue], j) =>
      dictRows.push({ id: nextId(), parentId: rootId, code: d.code, dictKey, dictValue, sort: j + 1 }),
    );
  });
  await tx.insert(dict).values(dictRows);

  const paramRows = PARAMS.map(([paramKey, paramName, paramValue]) => ({ id: nextId(), paramKey, paramName, paramValue }));
  if (paramRows.length) await tx.insert(param).values(paramRows.map((p) => ({ ...p, ...audit })));

  await tx.insert(client).values({
    id: nextId(),
    clientId: options.clientId || "saber",
    clientSecret: sha256Hex(options.clientSecret || "saber_secret"),
    authorizedGrantTypes: options.captchaRequired === false ? "refresh_token,password,captcha,sms,social" : "refresh_token,captcha,sms,social",
    ...audit,
  });

  const rootDept = deptRows[0].id!;
  await tx.insert(user).values({
    id: adminId,
    tenantId,
    account: "admin",
    password: await hashPlainPassword(options.adminPassword!),
    name: "管理员",
    realName: "管理员",
    email: "admin@bladex.vip",
    sex: 1,
    roleId: adminRoleId,
    deptId: rootDept,
    postId: postRows[0].id,
    ...audit,
  });
  await tx.insert(userDept).values({ id: nextId(), userId: adminId, deptId: rootDept });

  await tx.insert(setting).values([
    { key: SETTING.jwtSecret, value: newJwtSecret(), updateTime: now },
    { key: SETTING.seededAt, value: now, updateTime: now },
  ]);
}
