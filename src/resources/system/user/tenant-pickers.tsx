import { useCustom } from "@refinedev/core";
import { Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";

interface Control {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** A row of post/select: the posts of one tenant, in their order. */
interface PostOption {
  id: string;
  postCode: string;
  postName: string;
}

/**
 * 所属岗位: the posts of the user's tenant (post/select?tenantId=). The server heeds tenantId for
 * the platform administrator only; anyone else always gets their own tenant's. Several may be chosen.
 */
export function PostSelect({ tenantId, ...control }: Control & { tenantId?: string }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<PostOption[]>({
    url: API.get("/blade-system/post/select"),
    method: "get",
    config: { query: tenantId ? { tenantId } : {} },
    queryOptions: { staleTime: 60_000 },
  });
  const posts = Array.isArray(result?.data) ? result.data : [];
  return (
    <Select
      {...control}
      mode="multiple"
      allowClear
      loading={query.isLoading}
      optionFilterProp="label"
      placeholder={t("user.choosePost")}
      options={posts.map((p) => ({ value: p.id, label: p.postName }))}
    />
  );
}

interface TenantRow {
  tenantId: string;
  tenantName: string;
}

/**
 * 所属租户, for the platform administrator only (nobody else may name a tenant): tenants found on
 * the server by name, a page of them at a time, so that a platform of many tenants stays usable.
 */
export function TenantSelect({ id, value, onChange, disabled }: { id?: string; value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const { query, result } = useCustom<Page<TenantRow>>({
    url: API.get("/blade-system/tenant/list"),
    method: "get",
    config: { query: { current: 1, size: 50, ...(text.trim() ? { tenantName: text.trim() } : {}) } },
    queryOptions: { staleTime: 30_000, enabled: !disabled },
  });
  const rows = result?.data?.records ?? [];
  const options = rows.map((r) => ({ value: r.tenantId, label: `${r.tenantName} (${r.tenantId})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      showSearch
      filterOption={false}
      onSearch={setText}
      loading={query.isFetching}
      placeholder={t("user.chooseTenant")}
      options={options}
    />
  );
}
