import { FolderOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Form, Select, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";
import { ResourceForm, type ResourceFormProps } from "../../../components/resource/ResourceForm";
import { appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { toTreeOptions, useDirectoryTree } from "./useDirectories";
import { OwnerSelect } from "./OwnerSelect";
import { isAdministrator, useSessionUser } from "../../../layout/session-user";
import { IconInput } from "../../../components/upload/IconInput";
import { AttachmentInput } from "../../../components/upload/AttachmentInput";

interface Loaded {
  id?: string;
  tenantId?: string;
  ownerId?: string;
  ownerName?: string;
}

interface Picked {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** The parent: "0" (top level) or a directory, never the edited one or anything below it. */
function ParentSelect({ exclude, ...props }: Picked & { exclude?: string }) {
  const { t } = useTranslation();
  const { tree, loading } = useDirectoryTree();
  return (
    <TreeSelect
      {...props}
      loading={loading}
      treeData={[{ title: t("resourceDirectory.topLevel"), value: "0", key: "0" }, ...toTreeOptions(tree, exclude)]}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ width: "100%" }}
    />
  );
}

/** The applications the directory holds, chosen among the tenant's (apps). */
function AppsSelect(props: { id?: string; value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<{ id: string; appName: string; appCode: string; status: number }[]>({
    url: `${appDirectorySpec.api}/apps`,
    method: "get",
    queryOptions: { staleTime: 0 },
  });
  const apps = Array.isArray(result?.data) ? result.data : [];
  return (
    <Select
      {...props}
      mode="multiple"
      loading={query.isLoading}
      optionFilterProp="label"
      placeholder={t("resourceDirectory.chooseApps")}
      options={apps.map((a) => ({ value: a.id, label: a.status === 1 ? a.appName : t("resourceDirectory.appDisabled", { name: a.appName }) }))}
    />
  );
}

/**
 * The kit's form of a directory with its pickers (parent tree, owner, icon, attachment) and, after the spec's
 * fields, the applications it holds (`appIds`, a list the server keeps in the link table).
 */
export function DirectoryForm(props: ResourceFormProps) {
  const { t } = useTranslation();
  const record = (props.mode === "edit" ? props.formProps.initialValues : undefined) as Loaded | undefined;
  // The platform administrator's user lists cross tenants: the owner is sought in the directory's
  // own (a new directory is the administrator's tenant's). Anyone else's lists are their tenant's.
  const session = useSessionUser();
  const ownerTenant = isAdministrator(session) ? (record?.tenantId ?? session?.tenant_id) : undefined;
  return (
    <ResourceForm
      {...props}
      controls={{
        ...props.controls,
        parentId: <ParentSelect exclude={record?.id} />,
        ownerId: <OwnerSelect initialLabel={record?.ownerName} tenantId={ownerTenant} />,
        icon: <IconInput fallback={<FolderOutlined />} />,
        attachment: <AttachmentInput />,
      }}
      extraItems={
        <Form.Item name="appIds" label={t("resourceDirectory.apps")} style={{ gridColumn: "1 / -1" }}>
          <AppsSelect />
        </Form.Item>
      }
    />
  );
}
