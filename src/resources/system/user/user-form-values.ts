import type { UserSubmit, UserVO } from "../../../../domain/contract";

/** What the form holds: multi-selects as arrays (the API joins ids with commas). */
export interface UserFormValues extends Omit<UserSubmit, "roleId" | "deptId" | "postId" | "sex"> {
  roleId?: string[];
  deptId?: string[];
  postId?: string[];
  sex?: number;
}

const split = (v: string | undefined) => (v ? v.split(",").filter((s) => s && s !== "-1") : []);
const blank = (v: unknown) => (v === "" || v === null || v === -1 ? undefined : v);

/** A loaded row → form values. BladeX may send "", null or -1 for empty fields. */
export function fromServer(row: Partial<UserVO>): UserFormValues {
  return {
    id: row.id,
    tenantId: blank(row.tenantId) as string | undefined,
    account: row.account,
    name: blank(row.name) as string | undefined,
    realName: row.realName,
    phone: blank(row.phone) as string | undefined,
    email: blank(row.email) as string | undefined,
    sex: blank(row.sex) as number | undefined,
    userType: blank(row.userType) as number | undefined,
    birthday: blank(row.birthday) as string | undefined,
    code: blank(row.code) as string | undefined,
    idType: row.idType ?? undefined,
    idNumber: blank(row.idNumber) as string | undefined,
    roleId: split(row.roleId),
    deptId: split(row.deptId),
    postId: split(row.postId),
  };
}

/** Form values → the submit body. Empty optional fields are dropped; the password only on create. */
export function toSubmit(values: UserFormValues, mode: "create" | "edit"): UserSubmit {
  const body: UserSubmit = {
    ...values,
    roleId: values.roleId?.join(","),
    deptId: values.deptId?.join(","),
    // An empty list is sent as "", so that clearing every post on edit clears them on the server.
    postId: values.postId?.join(","),
  };
  if (mode === "edit") {
    delete body.password;
    delete body.password2;
    // A user stays in their tenant: the form shows it, the update does not carry it.
    delete body.tenantId;
  }
  for (const k of Object.keys(body) as (keyof UserSubmit)[]) {
    if (body[k] === undefined || (body[k] === "" && !(k === "postId" && mode === "edit"))) delete body[k];
  }
  return body;
}
