import { ResourceList } from "../../../components/resource/ResourceList";
import { DeptForm } from "./DeptForm";
import { ImportButton } from "./ImportDialog";
import { SyncButton } from "./SyncButton";
import { deptSpec } from "../../../../domain/resources/system/dept/spec";
import { useRefreshDeptTrees } from "./useRefreshDeptTrees";
import "./i18n";

/**
 * System → Departments: the top level from `lazy-list?parentId=0`, each level loaded when opened;
 * a search asks lazy-list without parentId (matches on every level, as Saber does it).
 */
export default function DeptList() {
  useRefreshDeptTrees();
  return (
    <ResourceList
      spec={deptSpec}
      tree="lazy"
      paged={false}
      searchMeta={{ params: {} }}
      form={{ Form: DeptForm }}
      toolbar={
        <>
          <ImportButton />
          <SyncButton />
        </>
      }
    />
  );
}
