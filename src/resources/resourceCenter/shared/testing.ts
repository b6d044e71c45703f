/** Set-up the resource-centre console tests share: applications and who may use them, on the real server. */
import type { TestApi } from "../../../testing/harness";

type Json = { data: { id: string } };

export async function makeApp(api: TestApi, token: string, code: string, appName = `应用${code}`): Promise<string> {
  const res = await api.request("/api/authentication/app/insert", { token, json: { appName, appCode: code, appUrl: `https://${code}.example.com` } });
  return ((await res.json()) as Json).data.id;
}

/** Gives `userId` an application role of `appId`: the user may then use it (我的应用). */
export async function grantApp(api: TestApi, token: string, appId: string, userId: string, code: string): Promise<void> {
  const res = await api.request("/api/authentication/bladeApplicationRole/insert", { token, json: { appId, roleName: `角色${code}`, roleCode: code } });
  const roleId = ((await res.json()) as Json).data.id;
  await api.request("/api/authentication/bladeApplicationRole/addUser", { token, json: { roleId, userIds: [userId] } });
}
