/**
 * Test helpers of the user module (imported by its *.test.ts only): the platform administrator,
 * two tenants with an administrator (`boss…`, every menu of its tenant) and a plain user
 * (`worker…`, role `user`). Rows are made through the test app's helpers: this file is module
 * code to the boundary check, so tests that need other rows insert them themselves.
 */
import { freshApp, type RequestOptions, type TestApp } from "../../test/fresh-app";

export const PASSWORD = "Passw0rd!x";

export interface TenantFixture {
  tenantId: string;
  rootDeptId: string;
  roleIds: { admin: string; user: string };
  bossId: string;
  workerId: string;
  boss: string;
  worker: string;
}

export interface UserFixture {
  t: TestApp;
  /** The platform administrator's token. */
  admin: string;
  a: TenantFixture;
  b: TenantFixture;
}

export interface Envelope<T = unknown> {
  status: number;
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

export async function userFixture(): Promise<UserFixture> {
  const t = await freshApp({ oauth: false });
  const admin = (await t.loginAdmin()).access_token;
  const tenant = async (tenantId: string): Promise<TenantFixture> => {
    const { rootDeptId, roleIds } = await t.createTenant(tenantId);
    const bossId = (await t.createUser({ account: `boss${tenantId}`, password: PASSWORD, tenantId, roleAliases: ["admin"] })).id;
    const workerId = (await t.createUser({ account: `worker${tenantId}`, password: PASSWORD, tenantId, roleAliases: ["user"] })).id;
    const login = async (account: string) => (await t.login(account, PASSWORD, { tenantId })).access_token;
    return { tenantId, rootDeptId, roleIds: roleIds as TenantFixture["roleIds"], bossId, workerId, boss: await login(`boss${tenantId}`), worker: await login(`worker${tenantId}`) };
  };
  return { t, admin, a: await tenant("100001"), b: await tenant("100002") };
}

/** A request's status and R envelope. */
export async function call<T = unknown>(t: TestApp, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const res = await t.request(path, options);
  const body = (await res.json()) as Omit<Envelope<T>, "status">;
  return { status: res.status, ...body };
}
