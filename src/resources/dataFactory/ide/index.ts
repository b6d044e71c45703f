import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { API } from "../../../../domain/contract/api";

/**
 * Data factory → script development (/dataFactory/ide/ide). The page and Monaco load only when it
 * is opened: this descriptor imports nothing of them.
 */
export const ideResource: ResourceDescriptor = {
  name: "ide",
  path: "/dataFactory/ide/ide",
  labelKey: "menuName.ide",
  list: lazyRoute(() => import("./IdePage")),
  meta: { api: API.base("/blade-ide"), permissions: { list: "ide", approve: "ide_approve" } },
};
