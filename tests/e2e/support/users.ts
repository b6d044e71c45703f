/** Users for a journey, created through the API as the platform administrator. */
import { adminToken, apiGet, apiPost, ok } from "./api";

interface TreeNode {
  id: string;
  title: string;
  children?: TreeNode[];
}

function findNode(nodes: TreeNode[], title: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.title === title) return n;
    const hit = findNode(n.children ?? [], title);
    if (hit) return hit;
  }
  return undefined;
}

async function idOf(token: string, treePath: string, title: string): Promise<string> {
  const node = findNode(ok(await apiGet<TreeNode[]>(token, treePath), treePath), title);
  if (!node) throw new Error(`${treePath} has no node "${title}"`);
  return node.id;
}

/** A unique account name for this run (letters, digits and _ only). */
export function uniqueAccount(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * Creates a user of tenant 000000 holding the named roles (in this order: the first is the
 * default one) in the named departments; returns the account.
 */
export async function createUser(opts: { account: string; password: string; realName: string; roles: string[]; depts: string[] }): Promise<string> {
  const token = await adminToken();
  const roleId = (await Promise.all(opts.roles.map((r) => idOf(token, "/blade-system/role/tree", r)))).join(",");
  const deptId = (await Promise.all(opts.depts.map((d) => idOf(token, "/blade-system/dept/tree", d)))).join(",");
  ok(
    await apiPost(token, "/blade-user/submit", {
      tenantId: "000000",
      account: opts.account,
      realName: opts.realName,
      password: opts.password,
      password2: opts.password,
      roleId,
      deptId,
    }),
    `create user ${opts.account}`,
  );
  return opts.account;
}
