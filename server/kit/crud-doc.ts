import { MAX_PAGE_SIZE } from "../../domain/contract";
import {
  filterableFields,
  INT_RANGES,
  sortableFields,
  writableFields,
  type FieldSpec,
  type FilterOp,
  type ResourceSpec,
} from "../../domain/validation";
import { MAX_IDS } from "../http/body";
import type { ListShape } from "./crud-read";
import { DATE_SCHEMA, ID_SCHEMA, type JsonSchema, type ParameterDoc, type RouteDoc } from "../http/route-doc";

/**
 * The OpenAPI docs of the common routes crudRoutes mounts from a spec: exactly what those
 * handlers read (parseQuery over the spec's filter and sort allow-lists, validateResource and
 * valuesOf over its writable fields), so the document and the checks cannot drift apart.
 */

/** The value a filter compares with: typed by the field for `equal`, a date for the date operators, text for `like`. */
function filterSchema(f: FieldSpec, op: FilterOp): JsonSchema {
  if (op === "dategt" || op === "datelt") return DATE_SCHEMA;
  if (op !== "equal") return { type: "string" };
  if (f.kind === "int") return { type: "integer" };
  if (f.kind === "id") return ID_SCHEMA;
  if (f.kind === "date") return DATE_SCHEMA;
  return { type: "string" };
}

/** The search form's keys: the spec's operator (a date range for dates), the bare key meaning `like`. */
function filterParams(spec: ResourceSpec): ParameterDoc[] {
  return Object.entries(filterableFields(spec)).flatMap(([name, f]) => {
    const ops: FilterOp[] = f.search ? [f.search] : f.kind === "date" ? ["dategt", "datelt"] : ["like"];
    return ops.map((op) => ({
      name: op === "like" ? name : `${name}_${op}`,
      in: "query" as const,
      description: `${f.label.zh}（${op}；其他 Blade 后缀如 _equal、_notequal 同样可用）`,
      schema: filterSchema(f, op),
    }));
  });
}

const PAGING: ParameterDoc[] = [
  { name: "current", in: "query", description: "页码", schema: { type: "integer", minimum: 1, default: 1 } },
  {
    name: "size",
    in: "query",
    description: `每页条数，超过 ${MAX_PAGE_SIZE} 按 ${MAX_PAGE_SIZE}`,
    schema: { type: "integer", minimum: 1, default: 10 },
  },
];

function sortParams(spec: ResourceSpec): ParameterDoc[] {
  const names = Object.keys(sortableFields(spec));
  return (["ascs", "descs"] as const).map((name) => ({
    name,
    in: "query",
    description: `${name === "ascs" ? "升序" : "降序"}字段，逗号分隔（驼峰或下划线形式）`,
    style: "form",
    explode: false,
    schema: { type: "array", items: { type: "string", enum: names } },
  }));
}

/** One writable field as the body check (fieldRules) admits it. */
export function fieldSchema(f: FieldSpec): JsonSchema {
  const out: JsonSchema = { description: f.label.zh };
  if (f.kind === "text") {
    Object.assign(out, { type: "string" }, f.max !== undefined && { maxLength: f.max }, f.format && { "x-format": f.format });
  } else if (f.kind === "int") {
    Object.assign(out, { type: "integer", minimum: f.min ?? INT_RANGES.integer.min, maximum: f.maxValue ?? INT_RANGES.integer.max });
  } else {
    Object.assign(out, f.kind === "id" ? ID_SCHEMA : DATE_SCHEMA);
  }
  if (f.oneOf) out.enum = f.kind === "int" ? f.oneOf.map(Number) : f.oneOf.map(String);
  if (f.dict) out["x-dict"] = f.dict;
  if (f.defaultValue !== undefined) out.default = f.defaultValue;
  if (f.immutable) out.description = `${f.label.zh}（仅新增时写入）`;
  return out;
}

/**
 * The submit body: `id` makes it an update (fields left out keep their value), without one it is a
 * create and the spec's required fields must be there. `tenantId` is read on create when the table has one.
 */
export function submitBodySchema(spec: ResourceSpec, tenantOwned: boolean): JsonSchema {
  const fields = writableFields(spec);
  const required = fields.filter(([, f]) => f.required).map(([name]) => name);
  const properties: Record<string, JsonSchema> = { id: { ...ID_SCHEMA, description: "有则修改，无则新增" } };
  if (tenantOwned) properties.tenantId = { type: "string", description: "新增到的租户（默认调用者的；他租户仅平台管理员）" };
  for (const [name, f] of fields) properties[name] = fieldSchema(f);
  return {
    type: "object",
    properties,
    ...(required.length && { anyOf: [{ title: "修改", required: ["id"] }, { title: "新增", required }] }),
  };
}

const RECORD: JsonSchema = { type: "object" };
const PAGE: JsonSchema = { $ref: "#/components/schemas/Page" };

/** A tree row with its children (the forest shapes of `/list`). */
const NODE: JsonSchema = { type: "object", properties: { children: { type: "array", items: { type: "object" } } } };

/** The docs of list, page, lazy-list, detail, submit and remove, by path. */
export function crudDocs(
  spec: ResourceSpec,
  list: ListShape,
  tenantOwned: boolean,
  options: { oneTenant?: "lists" | "trees"; parent?: string } = {},
): Record<string, RouteDoc> {
  const title = spec.title.zh;
  const tenant: ParameterDoc = { name: "tenantId", in: "query", description: "租户ID（仅平台管理员可指定他租户；默认自己的）", schema: { type: "string" } };
  const filters = [...sortParams(spec), ...filterParams(spec)];
  const treeQuery = options.oneTenant ? [...filters, tenant] : filters;
  const pageQuery = [...PAGING, ...(options.oneTenant === "lists" ? treeQuery : filters)];
  const tree = list === "forest" || list === "lazy";
  const parent = options.parent ?? "parentId";
  return {
    "/list": tree
      ? { summary: `${title}树（筛选后的森林）`, query: treeQuery, data: { type: "array", items: NODE } }
      : { summary: `${title}列表`, query: pageQuery, data: list === "array" ? { type: "array", items: RECORD } : PAGE },
    "/page": { summary: `${title}分页`, query: pageQuery, data: PAGE },
    "/lazy-list": {
      summary: `${title}懒加载（一层，含 hasChildren）`,
      query: [{ name: parent, in: "query", description: "上级ID；不传且无筛选时为顶层，有筛选时搜索所有层级", schema: ID_SCHEMA }, ...treeQuery],
      data: { type: "array", items: { type: "object", properties: { hasChildren: { type: "boolean" } } } },
    },
    "/detail": {
      summary: `${title}详情`,
      query: [{ name: "id", in: "query", required: true, schema: ID_SCHEMA }],
      data: RECORD,
    },
    "/submit": { summary: `新增或修改${title}`, body: submitBodySchema(spec, tenantOwned), data: RECORD },
    "/remove": {
      summary: `删除${title}`,
      query: [
        {
          name: "ids",
          in: "query",
          required: true,
          description: `逗号分隔的 ID，最多 ${MAX_IDS} 个（也可放在表单体中）`,
          style: "form",
          explode: false,
          schema: { type: "array", items: ID_SCHEMA, maxItems: MAX_IDS },
        },
      ],
      data: { type: "boolean" },
    },
  };
}
