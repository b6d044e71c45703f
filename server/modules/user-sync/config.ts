import { SYNC_ATTRS } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import type { AppContext } from "../../context";
import type { ExternalDept, ExternalUser, ProvisionOptions } from "../../kit/provision";
import { SourceError, type SourceConfig, type SourceDept, type SourceUser } from "./sources/source";
import { SECRET_FIELD, type SynchronizerRow } from "./synchronizers";

/** The source's connection settings of a synchroniser, its secret opened. */
export function sourceConfigOf(ctx: AppContext, row: SynchronizerRow): SourceConfig {
  let secret = "";
  try {
    secret = ctx.secrets.openOptional(row.secret, SECRET_FIELD);
  } catch {
    // Sealed under another key: the operator types the secret again.
    throw new SourceError("密码 / AppSecret 无法解密,请重新填写");
  }
  return {
    sourceType: row.sourceType as SourceConfig["sourceType"],
    endpoint: row.endpoint,
    tls: row.tls as SourceConfig["tls"],
    principal: row.principal,
    secret,
    userBaseDn: row.userBaseDn,
    userFilter: row.userFilter,
    deptBaseDn: row.deptBaseDn,
    deptFilter: row.deptFilter,
    rootDept: row.rootDept,
    attributes: [...new Set(SYNC_ATTRS.map((a) => row[a]).filter(Boolean))],
    ...(row.caCert ? { ca: row.caCert } : {}),
  };
}

export function provisionOptionsOf(row: SynchronizerRow, dryRun: boolean): ProvisionOptions {
  return {
    synchronizerId: row.id,
    conflictPolicy: row.conflictPolicy as ProvisionOptions["conflictPolicy"],
    roleId: row.roleId,
    targetDeptId: row.targetDeptId,
    dryRun,
  };
}

/** A source user with its attributes mapped to the local fields (the synchroniser's attr* columns). */
export function mapUser(row: SynchronizerRow, u: SourceUser): ExternalUser {
  const attr = (name: string) => (name ? (u.attrs[name] ?? "") : "");
  return {
    externalId: u.externalId,
    account: attr(row.attrAccount),
    name: attr(row.attrName),
    realName: attr(row.attrRealName),
    phone: attr(row.attrPhone),
    email: attr(row.attrEmail),
    deptExternalIds: u.deptExternalIds,
    active: u.active,
  };
}

export const mapDept = (d: SourceDept): ExternalDept => ({ externalId: d.externalId, parentExternalId: d.parentExternalId, name: d.name, sort: d.sort });
