import type { SourceDept, SourceReader, SourceUser } from "./sources/source";
import { SourceError } from "./sources/source";

/**
 * Tests only: a source answered from arrays, page by page, that a test edits between runs. `gate`
 * holds the first page until released (a run that is still going); `failWith` makes reading fail
 * as an unreachable directory does.
 */
export class MemorySource {
  depts: SourceDept[] = [];
  users: SourceUser[] = [];
  pageSize = 2;
  failWith?: string;
  gate?: Promise<void>;

  reader(): SourceReader {
    return {
      departments: async () => {
        if (this.failWith) throw new SourceError(this.failWith);
        return this.depts.map((d) => ({ ...d }));
      },
      users: () => this.pages(),
      close: async () => undefined,
    };
  }

  private async *pages(): AsyncGenerator<SourceUser[]> {
    if (this.gate) await this.gate;
    if (this.failWith) throw new SourceError(this.failWith);
    for (let i = 0; i < this.users.length; i += this.pageSize) yield this.users.slice(i, i + this.pageSize).map((u) => ({ ...u, attrs: { ...u.attrs } }));
  }
}

/** A directory person with the LDAP source's default attribute names (uid, cn, displayName, mobile, mail). */
export const ldapPerson = (id: string, uid: string, extra: Partial<SourceUser> & { attrs?: Record<string, string> } = {}): SourceUser => ({
  externalId: id,
  deptExternalIds: [],
  active: true,
  ...extra,
  attrs: { uid, cn: uid, displayName: `名${uid}`, mail: `${uid}@example.com`, mobile: "", ...extra.attrs },
});
