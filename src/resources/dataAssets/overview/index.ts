import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data assets → overview (/dataAssets/assetOverview): sample figures and the sample top-level menus of §2. */
export const assetOverviewResource = sampleDescriptor({
  name: "assetOverview",
  path: "/dataAssets/assetOverview",
  menuCode: "assetOverview",
  title: { zh: "资产总览", en: "Asset overview" },
  api: API.base("/blade-sample"),
  page: () => import("./OverviewPage"),
});
