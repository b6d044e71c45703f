import { userSynchronizerSpec } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { crudModule } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { synchronizerDefinition } from "./synchronizers";

/** /authentication/userSynchronizers: the kit's routes, the status switch. */
export const userSynchronizerModule = crudModule(userSynchronizerSpec, (ctx) => synchronizerDefinition(ctx, []));

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [userSynchronizerModule];
