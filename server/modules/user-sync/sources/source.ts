import type { SyncSource } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";

/**
 * What every source (LDAP/AD, DingTalk, WeCom, Feishu) gives the sync engine: departments as a
 * flat list with parent references, users page by page with raw attributes. The engine maps
 * attributes to local fields (the synchroniser's attr* columns), plans the changes and writes them;
 * a source never touches the database.
 */

/** A department (organisational unit) as the source has it. */
export interface SourceDept {
  /** Stable across renames and moves: entryUUID (OpenLDAP), objectGUID (AD), the platform's dept id. */
  externalId: string;
  /** The parent's externalId; "" for a top department (directly under the synchroniser's target). */
  parentExternalId: string;
  name: string;
  /** Order among siblings (the platforms give one; LDAP: 0). */
  sort: number;
}

/** A user as the source has it. */
export interface SourceUser {
  /** Stable across renames: entryUUID / objectGUID / the platform's user id (userid, user_id). */
  externalId: string;
  /** Raw attributes by their source name (uid, cn, mail, mobile, userid, …), single-valued as text. */
  attrs: Record<string, string>;
  /** externalIds of the departments the user belongs to (may be empty: the target department). */
  deptExternalIds: string[];
  /** false when the source itself marks the account disabled (AD userAccountControl, a platform's status). */
  active: boolean;
}

/** A synchroniser's connection settings, with the secret already unsealed. */
export interface SourceConfig {
  sourceType: SyncSource;
  /** ldap(s)://host:port, or an open platform's API host (the published one when the row leaves it empty). */
  endpoint: string;
  tls: "none" | "ldaps" | "starttls";
  /** LDAP bind DN; DingTalk AppKey; WeCom CorpID; Feishu App ID. */
  principal: string;
  /** LDAP bind password; the platform's app secret. */
  secret: string;
  userBaseDn: string;
  userFilter: string;
  deptBaseDn: string;
  deptFilter: string;
  /** The platform's top department id to start from. */
  rootDept: string;
  /** The attribute names the engine will read (so LDAP asks only for them). */
  attributes: string[];
  /** Trust for ldaps/StartTLS certificates (PEM) in tests; production uses the system's. */
  ca?: string;
  /** Users per page asked of the source (LDAP paged search size). */
  pageSize?: number;
}

export interface SourceReader {
  /** Every department under the configured root (units are far fewer than users). */
  departments(): Promise<SourceDept[]>;
  /** Users, page by page (LDAP paged results, the platforms' cursors): memory stays flat in their number. */
  users(): AsyncIterable<SourceUser[]>;
  close(): Promise<void>;
}

/**
 * A failure of the source a person can act on (unreachable, bad credentials, rate limited,
 * a malformed answer): its message is shown as the task result's reason, never a stack.
 */
export class SourceError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
    this.name = "SourceError";
  }
}

export type SourceFactory = (config: SourceConfig, options?: { fetch?: typeof fetch }) => SourceReader;
