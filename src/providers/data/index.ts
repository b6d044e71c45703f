export { createDataProvider, dataProvider, type BladeResourceMeta, type DataClient } from "./provider";
export { filtersToQuery, sortersToQuery, isDateLike, formatValue, DATE_FORMAT } from "./filters";
