import { resourceDescriptor } from "../../../components/resource/descriptor";
import { datasourceSpec } from "../../../../domain/resources/system/datasource/spec";

/** System → 数据源 (/system/datasource): the platform administrator's PostgreSQL datasources. */
export const datasourceResource = resourceDescriptor(datasourceSpec, () => import("./DatasourceList"));
