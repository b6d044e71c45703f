import { describe, expect, it } from "vitest";
import type { UserSubmit } from "../../../../domain/contract";
import { fromServer, toSubmit } from "./user-form-values";

describe("user form values", () => {
  it("splits comma-joined ids and drops BladeX empty markers", () => {
    const v = fromServer({ id: "9", account: "zs", realName: "张三", roleId: "1,2", deptId: "", phone: "", sex: -1 });
    expect(v.roleId).toEqual(["1", "2"]);
    expect(v.deptId).toEqual([]);
    expect(v.phone).toBeUndefined();
    expect(v.sex).toBeUndefined();
  });

  it("joins ids and keeps the password only when creating", () => {
    const values = { account: "zs", password: "Abc12345", password2: "Abc12345", realName: "张三", roleId: ["1", "2"], deptId: ["3"], email: "" };
    expect(toSubmit(values, "create")).toEqual({ account: "zs", password: "Abc12345", password2: "Abc12345", realName: "张三", roleId: "1,2", deptId: "3" });
    expect(toSubmit({ ...values, id: "9" }, "edit")).toEqual({ id: "9", account: "zs", realName: "张三", roleId: "1,2", deptId: "3" });
  });

  it("joins posts (所属岗位), sends cleared posts on edit as empty, and never moves a user to another tenant", () => {
    const loaded = fromServer({ id: "9", tenantId: "300001", account: "zs", realName: "张三", roleId: "1", deptId: "3", postId: "7,8" });
    expect(loaded.postId).toEqual(["7", "8"]);
    expect(toSubmit(loaded, "edit")).toMatchObject({ postId: "7,8" });
    expect(toSubmit(loaded, "edit")).not.toHaveProperty("tenantId");
    expect(toSubmit({ ...loaded, postId: [] }, "edit")).toMatchObject({ postId: "" });
    expect(toSubmit({ account: "ls", realName: "李四", tenantId: "300001", postId: [] }, "create")).toEqual({ account: "ls", realName: "李四", tenantId: "300001" });
  });

  it("round-trips the platform (用户平台) as the contract's userType", () => {
    const values = fromServer({ id: "9", account: "zs", realName: "张三", roleId: "1", deptId: "3", userType: 2 });
    // Typed by the shared contract, so that the server's reading of the body is the console's.
    const expected: UserSubmit = { id: "9", account: "zs", realName: "张三", roleId: "1", deptId: "3", postId: "", userType: 2 };
    expect(toSubmit(values, "edit")).toEqual(expected);
  });
});
