import { userSynchronizerSpec } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { crudModule } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { runRoutes } from "./run-routes";
import { startSchedule } from "./schedule";
import { synchronizerDefinition } from "./synchronizers";
import { taskResultModule } from "./task-results";

/** /authentication/userSynchronizers: the kit's routes, the status switch, preview and sync/{id}; the schedule. */
export const userSynchronizerModule: ApiModule = {
  ...crudModule(userSynchronizerSpec, (ctx) => synchronizerDefinition(ctx, runRoutes(ctx))),
  // The schedule: due synchronisers run by whichever server process claims them first.
  start: (ctx) => startSchedule(ctx),
};

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [userSynchronizerModule, taskResultModule];
