import type { R } from "../../../domain/contract";
import { http } from "../../providers/http";
import { API } from "../../../domain/contract/api";

export interface Shortcut {
  id: string;
  menuId: string;
  /** 1 common, 2 fixed. */
  type: number;
  name?: string;
  path?: string;
  code?: string;
}

export interface TaskRunStatistics {
  taskName?: string;
  runCount?: number;
  successCount?: number;
  failCount?: number;
  runningCount?: number;
}

export interface Notice {
  id: string;
  img?: string;
  title: string;
  subtitle?: string;
  tag?: string;
  status?: number;
}

/** A project of the project pages, as the workbench card shows it (§7 project/myProjects). */
export interface MyProject {
  id: string;
  projectName: string;
  description?: string;
  dbType?: string;
  userCount?: number;
  /** 1 when the project is a favourite. */
  isCollect?: number;
}

/** Someone to ask about a project (§7 project/getAdminUsers). */
export interface ProjectAdmin {
  id: string;
  account: string;
  name?: string;
  realName?: string;
}

const dataOf = async <T>(call: Promise<R<T | null>>, fallback: T): Promise<T> => (await call).data ?? fallback;

/** §7 "Projects and common shortcuts" (/blade-system/common), writes form-encoded as Saber sends them. */
export const workbenchCalls = {
  /**
   * The names of the roles in force (the token's role_id; its role_name holds their aliases, which
   * only code reads). /blade-user/info names all the user's roles, in the order of its roleId.
   */
  myRoleNames: async (inForce: string[]): Promise<string[]> => {
    type Info = { roleId?: string; roleName?: string };
    const me = await dataOf(http.get<R<Info | null>>(API.get("/blade-user/info")), {} as Info);
    const ids = (me.roleId ?? "").split(",").filter(Boolean);
    const names = (me.roleName ?? "").split(",").filter(Boolean);
    if (!inForce.length || ids.length !== names.length) return names;
    return names.filter((_, i) => inForce.includes(ids[i]));
  },
  shortcuts: () => dataOf(http.get<R<Shortcut[] | null>>(API.get("/blade-system/common/menu")), []),
  save: (menuIds: string[], type: number) =>
    http.post(API.post("/blade-system/common/save"), { menuIds: menuIds.join(","), type }, { meta: { isSerialize: true } }),
  remove: (ids: string[]) => http.post(API.post("/blade-system/common/remove"), { ids: ids.join(",") }, { meta: { isSerialize: true } }),
  // The two cards are extras of the reference server: silent, so a gateway without them shows the defaults.
  taskStatistics: () => dataOf(http.get<R<TaskRunStatistics | null>>(API.get("/blade-system/common/taskStatistics"), { silent: true }), {}),
  notices: () => dataOf(http.get<R<Notice[] | null>>(API.get("/blade-system/common/notices"), { silent: true }), []),
  // Silent: a user who may not open the project pages (403) simply has no project card.
  myProjects: () => dataOf(http.get<R<MyProject[] | null>>(API.get("/blade-system/project/myProjects"), { silent: true }), []),
  projectAdmins: () => dataOf(http.get<R<ProjectAdmin[] | null>>(API.get("/blade-system/project/getAdminUsers"), { silent: true }), []),
};
