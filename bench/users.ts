/** The bench users, the same whether seeded directly (seed-users.ts) or through the API. */
export const BENCH_USER_PASSWORD = "Bench#Pass2024";

/** The visible fields of bench user i (0-based), shared with the API seeding path. */
export function benchUserFields(i: number) {
  const n = String(i + 1).padStart(5, "0");
  return {
    account: `bench${n}`,
    name: `bench${n}`,
    realName: `压测用户${n}`,
    email: `bench${n}@example.com`,
    phone: `139${String(i + 1).padStart(8, "0")}`,
    sex: 1,
  };
}
