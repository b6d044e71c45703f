import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data assets → collected (/dataAssets/assetCollect): the sample projects marked collected. */
export const assetCollectResource = sampleDescriptor({
  name: "assetCollect",
  path: "/dataAssets/assetCollect",
  menuCode: "assetCollect",
  title: { zh: "资产收藏", en: "Collected assets" },
  api: API.base("/blade-sample/project"),
  page: () => import("./CollectPage"),
});
