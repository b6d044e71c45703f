import { ResourceList } from "../../../components/resource/ResourceList";
import { MenuTreePicker } from "./MenuTreePicker";
import { tenantPackageSpec } from "../../../../domain/resources/system/tenantPackage/spec";
import "./i18n";

/** System → Tenant packages: a name and the menus a tenant holding it may use. */
export default function PackageList() {
  return <ResourceList spec={tenantPackageSpec} form={{ controls: { menuId: <MenuTreePicker /> } }} />;
}
