import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { TaskAction } from "../../domain/resources/applicationManagement/taskResult/spec";
import { syncLink } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TenantScope } from "../security/tenant-scope";

/**
 * What goes into the provisioning writer (provision.ts) and what comes out of it: the options of a
 * run, external departments and users already mapped, the items it answers; the links it keeps.
 */

export type ConflictPolicy = "skip" | "link" | "overwrite";
export type RetireAction = "disable" | "delete";

export interface ProvisionOptions {
  /** The synchroniser's id; "0" for SCIM. */
  synchronizerId: string;
  conflictPolicy: ConflictPolicy;
  /** The role of created users (and of overwritten ones); "" or "0": none. */
  roleId: string;
  /** Where the source's top departments (and users without a known department) go; "0": the top. */
  targetDeptId: string;
  /** Plan and answer, write nothing. */
  dryRun?: boolean;
}

/** A department as an identity source gives it (already mapped; see sources/source.ts SourceDept). */
export interface ExternalDept {
  externalId: string;
  /** "" for a top department (under the target). */
  parentExternalId: string;
  name: string;
  sort: number;
}

/** A user with its values already mapped from the source's attributes. */
export interface ExternalUser {
  externalId: string;
  account: string;
  name: string;
  realName: string;
  phone: string;
  email: string;
  /** External ids of its departments; unknown ones are ignored, none means the target department. */
  deptExternalIds: string[];
  /** false: disabled locally. */
  active: boolean;
}

export interface ProvisionItem {
  objectType: "user" | "dept";
  externalId: string;
  /** What an operator recognises: the department's name, the user's real name or account. */
  label: string;
  action: TaskAction;
  /** "0" when there is none (a skip, a failed create). */
  localId: string;
  changes?: Record<string, [unknown, unknown]>;
  reason?: string;
}

/**
 * Stored as a synchronised user's password: the verifier answers false for anything that is not an
 * argon2id, scrypt or legacy sha1 hash (security/password.ts verifyDigest), so no password signs in,
 * and it costs no hashing (50,000 users at 40 ms each would be half an hour).
 */
export const UNUSABLE_PASSWORD_PREFIX = "!external$";
export const unusablePassword = () => `${UNUSABLE_PASSWORD_PREFIX}${randomBytes(24).toString("base64url")}`;

/** Why a write failed, as an item's reason: the refusal's own words, else a generic one (never a stack). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const e = error as { code?: string; cause?: { code?: string } };
  if (e.code === "23505" || e.cause?.code === "23505") return "账号已存在";
  return "写入失败";
}

/** The links of these external ids of one synchroniser (SCIM: synchronizerId "0"). */
export async function findLinks(scope: TenantScope, synchronizerId: string, objectType: "user" | "dept", externalIds: string[]) {
  if (externalIds.length === 0) return [];
  return scope.links(syncLink).list(and(eq(syncLink.synchronizerId, synchronizerId), eq(syncLink.objectType, objectType), inArray(syncLink.externalId, externalIds)));
}
