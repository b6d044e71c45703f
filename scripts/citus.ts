/**
 * npm run citus: the statements that distribute a migrated Blade database on Citus (README,
 * "Scaling out"), one per line, to run once on the coordinator. Derived from the schema
 * (server/db/citus.ts), so a table added later is in them.
 */
import { citusLayout, citusStatements, REFERENCE_DESPITE_TENANT } from "../server/db/citus";

const layout = citusLayout();
console.log(`-- ${layout.distributed.length} tables distributed by tenant_id (one colocation group), ${layout.reference.length} reference tables`);
for (const [table, why] of Object.entries(REFERENCE_DESPITE_TENANT)) console.log(`-- ${table} is a reference table although it has tenant_id: ${why}`);
for (const statement of citusStatements(layout)) console.log(statement);
