import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data assets → catalogue (/dataAssets/assetCatalog): the sample tree (all / all_table / all_view) and columns. */
export const assetCatalogResource = sampleDescriptor({
  name: "assetCatalog",
  path: "/dataAssets/assetCatalog",
  menuCode: "assetCatalog",
  title: { zh: "资产目录", en: "Asset catalogue" },
  api: API.base("/blade-sample/catalog"),
  page: () => import("./CatalogPage"),
});
