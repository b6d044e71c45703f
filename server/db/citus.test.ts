import { describe, expect, it } from "vitest";
import { citusLayout, citusStatements, keysWithoutTenant, REFERENCE_DESPITE_TENANT } from "./citus";

describe("the schema as Citus distributes it", () => {
  const layout = citusLayout();

  it("has every tenant-owned table with tenant_id in its primary key and in every unique key", () => {
    const offenders = Object.fromEntries(layout.distributed.map((t) => [t, keysWithoutTenant(t)]).filter(([, keys]) => keys.length > 0));
    expect(offenders).toEqual({});
    // The tables a tenant's data lives in are distributed, the platform's are copied to every node.
    expect(layout.distributed).toEqual(expect.arrayContaining(["blade_user", "blade_dept", "blade_role", "blade_log_operation", "blade_auth_session", "blade_tenant_lock"]));
    expect(layout.reference).toEqual(expect.arrayContaining(["blade_menu", "blade_dict", "blade_param", "blade_tenant", ...Object.keys(REFERENCE_DESPITE_TENANT)]));
  });

  it("distributes every table or copies it, never both, all distributed ones colocated", () => {
    expect(layout.distributed.filter((t) => layout.reference.includes(t))).toEqual([]);
    const statements = citusStatements(layout);
    expect(statements).toHaveLength(layout.distributed.length + layout.reference.length);
    expect(statements).toContain("SELECT create_reference_table('blade_menu');");
    const [first] = layout.distributed;
    expect(statements).toContain(`SELECT create_distributed_table('${first}', 'tenant_id');`);
    expect(statements).toContain(`SELECT create_distributed_table('blade_user', 'tenant_id', colocate_with => '${first}');`);
  });
});
