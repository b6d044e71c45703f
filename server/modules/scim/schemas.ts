import type { ResourceShape } from "./patch";

/**
 * The SCIM schemas this service speaks (RFC 7643): core User and Group, and the discovery
 * documents (§5 ServiceProviderConfig, §6 ResourceType, §7 Schema). A Group is a DEPARTMENT of
 * the tenant (blade_dept): its members are the users whose departments include it.
 */

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ENTERPRISE_USER = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SP_CONFIG_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
export const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
export const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

/** Most resources one list answers (RFC 7644 §3.4.2.4 `count`), and the default. */
export const MAX_RESULTS = 200;

const GROUPS_ARE_DEPARTMENTS = "A SCIM Group is a department (机构) of the tenant; its members are the users whose departments include it.";

/**
 * Core User attributes of RFC 7643 §4.1 that this service accepts but does not keep (an identity
 * provider sends them with every user): anything outside this list and the kept ones is refused.
 */
const USER_IGNORED = ["nickName", "profileUrl", "title", "userType", "preferredLanguage", "locale", "timezone", "password", "ims", "photos", "addresses", "entitlements", "roles", "x509Certificates"];
const USER_KEPT = ["schemas", "id", "externalId", "meta", "userName", "name", "displayName", "active", "emails", "phoneNumbers", "groups"];
export const USER_MULTI = ["emails", "phoneNumbers", "groups", "ims", "photos", "addresses", "entitlements", "roles", "x509Certificates"];

const shape = (names: string[], multi: string[], readOnly: string[]): ResourceShape => ({
  attrs: new Map(names.map((n) => [n.toLowerCase(), n])),
  multi: new Set(multi.map((n) => n.toLowerCase())),
  readOnly: new Set(readOnly.map((n) => n.toLowerCase())),
});

/** `groups` is read-only on a user (RFC 7643 §4.1.2): membership is written through the Group. */
export const USER_SHAPE = shape([...USER_KEPT, ...USER_IGNORED, ENTERPRISE_USER], USER_MULTI, ["id", "meta", "groups"]);
export const GROUP_SHAPE = shape(["schemas", "id", "externalId", "meta", "displayName", "members"], ["members"], ["id", "meta"]);

/** An attribute definition of RFC 7643 §7. */
function attr(name: string, type: string, o: { multi?: boolean; required?: boolean; mutability?: string; uniqueness?: string; caseExact?: boolean; sub?: object[]; description?: string } = {}) {
  return {
    name,
    type,
    multiValued: o.multi ?? false,
    description: o.description ?? "",
    required: o.required ?? false,
    caseExact: o.caseExact ?? false,
    mutability: o.mutability ?? "readWrite",
    returned: "default",
    uniqueness: o.uniqueness ?? "none",
    ...(o.sub && { subAttributes: o.sub }),
  };
}

const valueSubs = [attr("value", "string"), attr("type", "string"), attr("primary", "boolean")];

export function schemaDocs(base: string) {
  const meta = (id: string) => ({ resourceType: "Schema", location: `${base}/Schemas/${id}` });
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: "User",
      description: "User Account: userName is the account (账号), name.formatted the real name (姓名), displayName the name (昵称), the primary email the mail, the first phone number the phone; active false disables the account.",
      attributes: [
        attr("userName", "string", { required: true, uniqueness: "server" }),
        attr("name", "complex", { sub: [attr("formatted", "string"), attr("familyName", "string"), attr("givenName", "string")] }),
        attr("displayName", "string"),
        attr("active", "boolean"),
        attr("emails", "complex", { multi: true, sub: valueSubs }),
        attr("phoneNumbers", "complex", { multi: true, sub: valueSubs }),
        attr("groups", "complex", {
          multi: true,
          mutability: "readOnly",
          description: GROUPS_ARE_DEPARTMENTS,
          sub: [attr("value", "string", { mutability: "readOnly" }), attr("$ref", "reference", { mutability: "readOnly" }), attr("display", "string", { mutability: "readOnly" })],
        }),
      ],
      meta: meta(USER_SCHEMA),
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: "Group",
      description: GROUPS_ARE_DEPARTMENTS,
      attributes: [
        attr("displayName", "string", { required: true, description: "The department name (机构名称)." }),
        attr("members", "complex", { multi: true, sub: [attr("value", "string", { mutability: "immutable" }), attr("$ref", "reference", { mutability: "immutable" }), attr("display", "string", { mutability: "readOnly" })] }),
      ],
      meta: meta(GROUP_SCHEMA),
    },
  ];
}

export function resourceTypeDocs(base: string) {
  return [
    { schemas: [RESOURCE_TYPE_SCHEMA], id: "User", name: "User", endpoint: "/Users", description: "User Account", schema: USER_SCHEMA, meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` } },
    { schemas: [RESOURCE_TYPE_SCHEMA], id: "Group", name: "Group", endpoint: "/Groups", description: GROUPS_ARE_DEPARTMENTS, schema: GROUP_SCHEMA, meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` } },
  ];
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SP_CONFIG_SCHEMA],
    documentationUri: "https://datatracker.ietf.org/doc/html/rfc7644",
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "SCIM bearer token",
        description: "A token issued per tenant on the 用户同步 page (SCIM 令牌), sent as Authorization: Bearer <token>.",
        specUri: "https://www.rfc-editor.org/info/rfc6750",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
    // Not a standard attribute: how this provider maps Groups, for the people configuring an IdP.
    description: GROUPS_ARE_DEPARTMENTS,
  };
}
