import { invalidPath, invalidSyntax, invalidValue, mutability, noTarget } from "./errors";
import { matches, parsePath, type Filter, type PatchPath } from "./filter";

/**
 * RFC 7644 §3.5.2 PATCH applied to a resource as SCIM shows it: the writers then map the patched
 * resource back to columns exactly as they map a PUT, so PATCH and PUT cannot disagree. Pure: no
 * database, so each operation's meaning is tested on its own (patch.test.ts).
 */

export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/** What PATCH may touch on one resource type: attribute names (lower-case → as written), and their kinds. */
export interface ResourceShape {
  /** Every attribute of the schema, lower-case → its canonical spelling. */
  attrs: Map<string, string>;
  /** Multi-valued attributes (lower-case). */
  multi: Set<string>;
  /** Attributes the client may not write (lower-case): id, meta. */
  readOnly: Set<string>;
}

export type Resource = Record<string, unknown>;
type Op = "add" | "replace" | "remove";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

/** The key of `obj` spelled `lower` in any case, if present. */
const keyOf = (obj: Record<string, unknown>, lower: string) => Object.keys(obj).find((k) => k.toLowerCase() === lower);

/** The body's operations, validated (schemas, op names, value presence); 400 invalidSyntax otherwise. */
export function readOperations(body: unknown): { op: Op; path?: string; value?: unknown }[] {
  if (!isObject(body)) throw invalidSyntax("请求体必须是 JSON 对象");
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP)) throw invalidSyntax(`PATCH 请求体的 schemas 须含 ${PATCH_OP}`);
  const ops = body.Operations ?? body.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw invalidSyntax("PATCH 请求体须含非空的 Operations 数组");
  if (ops.length > 1000) throw invalidSyntax("一次 PATCH 最多 1000 个操作");
  return ops.map((raw, i) => {
    if (!isObject(raw)) throw invalidSyntax(`第 ${i + 1} 个操作不是对象`);
    const op = typeof raw.op === "string" ? raw.op.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove") throw invalidSyntax(`第 ${i + 1} 个操作的 op 须是 add、replace 或 remove`);
    if (raw.path !== undefined && typeof raw.path !== "string") throw invalidSyntax(`第 ${i + 1} 个操作的 path 须是字符串`);
    if (op !== "remove" && raw.value === undefined) throw invalidSyntax(`第 ${i + 1} 个操作缺少 value`);
    return { op, path: raw.path as string | undefined, value: raw.value };
  });
}

/** `resource` with every operation of `body` applied, in order (none applied if one fails). */
export function applyPatch(resource: Resource, body: unknown, shape: ResourceShape): Resource {
  const out = clone(resource);
  for (const { op, path, value } of readOperations(body)) {
    if (path === undefined || path === "") {
      if (op === "remove") throw noTarget("remove 操作须指定 path");
      if (!isObject(value)) throw invalidSyntax("未指定 path 时 value 须是属性对象");
      // Each key is itself a path: Entra ID sends {"name.givenName": "…"} as well as {"active": false}.
      for (const [key, v] of Object.entries(value)) {
        if (key.toLowerCase() === "schemas") continue;
        applyOne(out, op, parsePath(key), v, shape);
      }
    } else {
      applyOne(out, op, parsePath(path), value, shape);
    }
  }
  return out;
}

function canonical(shape: ResourceShape, attr: string): string {
  const name = shape.attrs.get(attr);
  if (!name) throw invalidPath(`未知属性「${attr}」`);
  if (shape.readOnly.has(attr)) throw mutability(`属性「${name}」为只读`);
  return name;
}

function applyOne(res: Resource, op: Op, path: PatchPath, value: unknown, shape: ResourceShape): void {
  const name = canonical(shape, path.attr);
  const key = keyOf(res, path.attr) ?? name;
  if (shape.multi.has(path.attr)) return applyMulti(res, key, op, path, value);
  if (path.filter) throw invalidPath(`属性「${name}」不是多值属性，不能带筛选`);
  if (path.sub) {
    const current = res[key];
    const parent = isObject(current) ? current : {};
    const subKey = keyOf(parent, path.sub) ?? path.sub;
    if (op === "remove") delete parent[subKey];
    else parent[subKey] = value;
    res[key] = parent;
    return;
  }
  if (op === "remove") {
    delete res[key];
    return;
  }
  // A complex attribute's given sub-attributes replace or add; the others stay (RFC 7644 §3.5.2.1, .3).
  if (isObject(value) && isObject(res[key])) res[key] = { ...(res[key] as object), ...value };
  else res[key] = value;
}

function applyMulti(res: Resource, key: string, op: Op, path: PatchPath, value: unknown): void {
  const list = Array.isArray(res[key]) ? (res[key] as unknown[]) : [];
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (!path.filter && !path.sub) {
    if (op === "add") res[key] = [...list, ...values.filter((v) => !list.some((e) => sameValue(e, v)))];
    else if (op === "replace") res[key] = values;
    // Entra ID removes members by value: {"op":"remove","path":"members","value":[{"value":"…"}]}.
    else res[key] = values.length ? list.filter((e) => !values.some((v) => sameValue(e, v))) : [];
    return;
  }
  const hit = (e: unknown) => (path.filter ? matches(e, path.filter) : true);
  const matched = list.filter(hit);
  if (op === "remove") {
    res[key] = path.sub ? list.map((e) => (hit(e) && isObject(e) ? withoutSub(e, path.sub!) : e)) : list.filter((e) => !hit(e));
    return;
  }
  if (matched.length === 0) {
    if (op === "replace") throw noTarget(`没有与路径匹配的「${key}」值`);
    // add to a filtered path that matches nothing: the element the filter describes, with the value.
    const element = { ...equalities(path.filter), ...(path.sub ? { [path.sub]: value } : isObject(value) ? value : { value }) };
    res[key] = [...list, element];
    return;
  }
  res[key] = list.map((e) => {
    if (!hit(e)) return e;
    if (path.sub) return { ...(isObject(e) ? e : {}), [keyOf(isObject(e) ? e : {}, path.sub) ?? path.sub]: value };
    if (!isObject(value)) throw invalidValue(`「${key}」的值须是对象`);
    return op === "replace" ? value : { ...(isObject(e) ? e : {}), ...value };
  });
}

function withoutSub(e: Record<string, unknown>, sub: string): Record<string, unknown> {
  const copy = { ...e };
  const k = keyOf(copy, sub);
  if (k) delete copy[k];
  return copy;
}

/** Two elements of a multi-valued attribute are the same when their `value` is. */
function sameValue(a: unknown, b: unknown): boolean {
  const va = isObject(a) ? a.value : a;
  const vb = isObject(b) ? b.value : b;
  return va !== undefined && String(va).toLowerCase() === String(vb).toLowerCase();
}

/** `type eq "work" and primary eq true` → {type: "work", primary: true}: what a new element must say of itself. */
function equalities(filter: Filter | undefined): Record<string, unknown> {
  if (!filter) return {};
  if (filter.kind === "compare" && filter.op === "eq") return { [filter.attr]: filter.value };
  if (filter.kind === "and") return { ...equalities(filter.left), ...equalities(filter.right) };
  return {};
}
