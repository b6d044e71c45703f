import { ApartmentOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page, R } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";
import { http } from "../../../providers/http";

/** A row of the user module's pickers (usesPage, getSelectUserInfo): who the user is, and where. */
interface PickedUser {
  id: string;
  account: string;
  realName: string;
  deptName: string;
}

/** Found users shown at a time: the owner is looked for by a word, not scrolled for. */
const FOUND = 20;

const label = (u: PickedUser) => `${u.realName || u.account} (${u.account})${u.deptName ? ` · ${u.deptName}` : ""}`;

/**
 * Enabled users of the tenant whose name or account contains the word: the users pickers' page
 * (usesPage, the users page's filters, so the caller's data scope applies), asked once by name and
 * once by account, as the Blade filters have no "either".
 */
async function findOwners(word: string, tenantId?: string): Promise<PickedUser[]> {
  const base = { current: 1, size: FOUND, status_equal: 1, ...(tenantId ? { tenantId_equal: tenantId } : {}) };
  const ask = async (extra: Record<string, string>) =>
    (await http.get<R<Page<PickedUser>>>(API.get("/blade-user/usesPage"), { params: { ...base, ...extra } })).data?.records ?? [];
  const [byName, byAccount] = await Promise.all(word ? [ask({ realName: word }), ask({ account: word })] : [ask({}), Promise.resolve([])]);
  const seen = new Set<string>();
  return [...byName, ...byAccount].filter((u) => !seen.has(u.id) && seen.add(u.id)).slice(0, FOUND);
}

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The directory's tenant: the platform administrator's lists cross tenants, an owner may not. */
  tenantId?: string;
  /** The owner's name the directory was loaded with, shown until getSelectUserInfo answers. */
  initialLabel?: string;
}

/**
 * 负责人: a user of the directory's tenant found by name or account, "0" for nobody. The chosen
 * one is shown from getSelectUserInfo (name, account and department), also before any search.
 */
export function OwnerSelect({ id, value, onChange, tenantId, initialLabel }: Props) {
  const { t } = useTranslation();
  const [word, setWord] = useState("");
  const found = useQuery({
    queryKey: ["directory-owners", tenantId ?? "", word.trim()],
    queryFn: () => findOwners(word.trim(), tenantId),
    staleTime: 10_000,
  });
  const chosenId = value && value !== "0" ? value : undefined;
  const { result } = useCustom<PickedUser[]>({
    url: API.get("/blade-user/getSelectUserInfo"),
    method: "get",
    config: { query: { userIds: chosenId } },
    queryOptions: { enabled: !!chosenId, staleTime: 60_000 },
  });
  const chosen = Array.isArray(result?.data) ? result.data.find((u) => u.id === chosenId) : undefined;
  const options = (found.data ?? []).map((u) => ({ value: u.id, label: label(u) }));
  if (chosenId && !options.some((o) => o.value === chosenId)) options.unshift({ value: chosenId, label: chosen ? label(chosen) : initialLabel || chosenId });
  return (
    <Space direction="vertical" size={2} style={{ width: "100%" }}>
      <Select
        id={id}
        value={chosenId}
        onChange={(v?: string) => onChange?.(v ?? "0")}
        allowClear
        showSearch
        filterOption={false}
        onSearch={setWord}
        loading={found.isFetching}
        placeholder={t("resourceDirectory.searchOwner")}
        options={options}
      />
      {chosen?.deptName && (
        <Typography.Text type="secondary" data-testid="owner-dept">
          <ApartmentOutlined /> {chosen.deptName}
        </Typography.Text>
      )}
    </Space>
  );
}
