import { describe, expect, it } from "vitest";
import { parseFilter, parsePath } from "./filter";
import { applyPatch, PATCH_OP } from "./patch";
import { GROUP_SHAPE, USER_SHAPE } from "./schemas";

/** RFC 7644 §3.4.2.2 filters and §3.5.2 PATCH on a resource, without a database. */

const ops = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });

describe("SCIM filters and paths", () => {
  it("parses precedence (and before or), not, value paths and the core schema URN", () => {
    expect(parseFilter('userName eq "a" or userName eq "b" and active eq true')).toEqual({
      kind: "or",
      left: { kind: "compare", attr: "username", op: "eq", value: "a" },
      right: { kind: "and", left: { kind: "compare", attr: "username", op: "eq", value: "b" }, right: { kind: "compare", attr: "active", op: "eq", value: true } },
    });
    expect(parseFilter('not (emails[type eq "work" and value co "@x"]) and urn:ietf:params:scim:schemas:core:2.0:User:title pr')).toMatchObject({
      kind: "and",
      left: { kind: "not", filter: { kind: "valuePath", attr: "emails" } },
      right: { kind: "present", attr: "title" },
    });
    expect(parsePath('emails[type eq "work"].value')).toEqual({ attr: "emails", filter: { kind: "compare", attr: "type", op: "eq", value: "work" }, sub: "value" });
    expect(parsePath("name.givenName")).toEqual({ attr: "name", sub: "givenname" });
  });
});

describe("SCIM PATCH", () => {
  const ada = { schemas: ["u"], id: "1", userName: "ada", name: { formatted: "Ada" }, emails: [{ value: "a@x", type: "work", primary: true }], active: true };

  it("replace without a path merges the value's attributes; a dotted key is a path", () => {
    expect(applyPatch(ada, ops({ op: "replace", value: { active: false, "name.givenName": "A" } }), USER_SHAPE)).toMatchObject({ active: false, name: { formatted: "Ada", givenname: "A" } });
  });

  it("add appends to a multi-valued attribute; a filtered add that matches nothing adds the element it describes", () => {
    const out = applyPatch(ada, ops({ op: "add", path: "phoneNumbers", value: [{ value: "1" }] }, { op: "add", path: 'emails[type eq "home"].value', value: "h@x" }), USER_SHAPE);
    expect(out.phoneNumbers).toEqual([{ value: "1" }]);
    expect(out.emails).toEqual([ada.emails[0], { type: "home", value: "h@x" }]);
  });

  it("remove by filter, by value list, and of a simple attribute; the original is untouched", () => {
    const group = { schemas: ["g"], displayName: "G", members: [{ value: "1" }, { value: "2" }, { value: "3" }] };
    const out = applyPatch(group, ops({ op: "remove", path: 'members[value eq "1"]' }, { op: "remove", path: "members", value: [{ value: "3" }] }), GROUP_SHAPE);
    expect(out.members).toEqual([{ value: "2" }]);
    expect(group.members).toHaveLength(3);
    expect(applyPatch(ada, ops({ op: "remove", path: "name" }), USER_SHAPE).name).toBeUndefined();
  });

  it("refuses what RFC 7644 refuses", () => {
    expect(() => applyPatch(ada, ops({ op: "remove" }), USER_SHAPE)).toThrow(expect.objectContaining({ scimType: "noTarget" }));
    expect(() => applyPatch(ada, ops({ op: "replace", path: 'emails[type eq "fax"]', value: {} }), USER_SHAPE)).toThrow(expect.objectContaining({ scimType: "noTarget" }));
    expect(() => applyPatch(ada, ops({ op: "replace", path: "meta.created", value: "x" }), USER_SHAPE)).toThrow(expect.objectContaining({ scimType: "mutability" }));
    expect(() => applyPatch(ada, ops({ op: "replace", path: "nope", value: 1 }), USER_SHAPE)).toThrow(expect.objectContaining({ scimType: "invalidPath" }));
    expect(() => applyPatch(ada, { Operations: [] }, USER_SHAPE)).toThrow(expect.objectContaining({ scimType: "invalidSyntax" }));
  });
});
