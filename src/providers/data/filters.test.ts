import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import type { CrudFilter } from "@refinedev/core";
import { filtersToQuery, isDateLike, sortersToQuery } from "./filters";

describe("filtersToQuery", () => {
  it("maps refine operators to the Blade suffixes", () => {
    const filters: CrudFilter[] = [
      { field: "account", operator: "eq", value: "admin" },
      { field: "status", operator: "ne", value: 0 },
      { field: "realName", operator: "contains", value: "张" },
      { field: "email", operator: "ncontains", value: "spam" },
      { field: "code", operator: "startswith", value: "A" },
      { field: "phone", operator: "endswith", value: "88" },
      { field: "sort", operator: "gte", value: 1 },
      { field: "sort2", operator: "lte", value: 9 },
      { field: "age", operator: "gt", value: 18 },
      { field: "age2", operator: "lt", value: 60 },
      { field: "remark", operator: "null", value: undefined },
      { field: "avatar", operator: "nnull", value: true },
    ];
    expect(filtersToQuery(filters)).toEqual({
      account_equal: "admin",
      status_notequal: 0,
      realName: "张",
      email_notlike: "spam",
      code_likeright: "A",
      phone_likeleft: "88",
      sort_ge: 1,
      sort2_le: 9,
      age_gt: 18,
      age2_lt: 60,
      remark_null: 1,
      avatar_notnull: 1,
    });
  });

  it("uses the date suffixes and formats dayjs, Date and date strings", () => {
    const local = new Date(2024, 0, 2, 3, 4, 5);
    expect(
      filtersToQuery([
        { field: "createTime", operator: "gte", value: dayjs("2024-01-01 00:00:00") },
        { field: "createTime", operator: "lt", value: local },
        { field: "updateTime", operator: "gt", value: "2024-02-01 08:00:00" },
        { field: "updateTime", operator: "lte", value: "2024-03-01 08:00:00" },
        { field: "birthday", operator: "eq", value: "1990-05-05 00:00:00" },
      ]),
    ).toEqual({
      createTime_datege: "2024-01-01 00:00:00",
      createTime_datelt: "2024-01-02 03:04:05",
      updateTime_dategt: "2024-02-01 08:00:00",
      updateTime_datele: "2024-03-01 08:00:00",
      birthday_dateequal: "1990-05-05 00:00:00",
    });
  });

  it("splits between into a lower and an upper bound", () => {
    expect(filtersToQuery([{ field: "createTime", operator: "between", value: [dayjs("2024-01-01 00:00:00"), dayjs("2024-01-31 23:59:59")] }])).toEqual({
      createTime_datege: "2024-01-01 00:00:00",
      createTime_datele: "2024-01-31 23:59:59",
    });
    expect(filtersToQuery([{ field: "sort", operator: "between", value: [1, 5] }])).toEqual({ sort_ge: 1, sort_le: 5 });
  });

  it("skips empty values, or-groups and operators without a Blade form; flattens and-groups", () => {
    expect(
      filtersToQuery([
        { field: "a", operator: "eq", value: "" },
        { field: "b", operator: "contains", value: undefined },
        { field: "c", operator: "eq", value: null },
        { field: "d", operator: "in", value: ["1"] },
        { operator: "or", value: [{ field: "e", operator: "eq", value: 1 }] },
        { operator: "and", value: [{ field: "f", operator: "eq", value: 2 }] },
        { field: "g", operator: "eq", value: 0 },
      ]),
    ).toEqual({ f_equal: 2, g_equal: 0 });
  });

  it("with rawFilters passes plain keys through, formatting dates", () => {
    expect(
      filtersToQuery(
        [
          { field: "createTime_dategt", operator: "eq", value: dayjs("2024-01-01 00:00:00") },
          { field: "deptId", operator: "eq", value: "123" },
        ],
        true,
      ),
    ).toEqual({ createTime_dategt: "2024-01-01 00:00:00", deptId: "123" });
  });

  it("recognises date-like values only", () => {
    expect(isDateLike("2024-01-01 00:00:00")).toBe(true);
    expect(isDateLike("2024-01-01")).toBe(false);
    expect(isDateLike("张三")).toBe(false);
    expect(isDateLike(new Date("x"))).toBe(false);
    expect(isDateLike(20240101)).toBe(false);
  });
});

describe("sortersToQuery", () => {
  it("comma-joins ascending and descending database column names (BladeX orders by them as sent)", () => {
    expect(
      sortersToQuery([
        { field: "sort", order: "asc" },
        { field: "createTime", order: "desc" },
        { field: "id", order: "asc" },
      ]),
    ).toEqual({ ascs: "sort,id", descs: "create_time" });
    expect(sortersToQuery(undefined)).toEqual({});
  });
});

describe("bare filters", () => {
  it("sends the equality of a bare field as the plain key BladeX binds (deptId of /blade-user/page)", () => {
    const filters = [
      { field: "deptId", operator: "eq" as const, value: "1123598813738675201" },
      { field: "account", operator: "eq" as const, value: "admin" },
    ];
    expect(filtersToQuery(filters, false, ["deptId"])).toEqual({ deptId: "1123598813738675201", account_equal: "admin" });
  });
});
