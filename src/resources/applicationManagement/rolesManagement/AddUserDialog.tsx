import { Form, Modal, Select, Typography } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page, R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { appRoleSpec } from "../../../../domain/resources/applicationManagement/rolesManagement/spec";
import { API } from "../../../../domain/contract/api";

interface PickedUser {
  id: string;
  account: string;
  realName: string;
  deptName?: string;
}

/** The users matching what was typed, a page at a time (usesPage: the pickers' user list). */
function useUserSearch(text: string) {
  return useQuery({
    queryKey: ["app-role-user-search", text],
    queryFn: async () => {
      const params: Record<string, unknown> = { current: 1, size: 20 };
      // Digits and letters are more likely an account; anything else a name.
      if (text) params[/^[A-Za-z0-9_.@-]+$/.test(text) ? "account" : "realName"] = text;
      return (await http.get<R<Page<PickedUser>>>(API.get("/blade-user/usesPage"), { params })).data.records;
    },
    staleTime: 10_000,
  });
}

/**
 * 分配用户 (rolesManagement_user) of one application role: a searchable multiple user select, then
 * addUser. Adding never takes the role from anyone who holds it already.
 */
export function AddUserDialog({ role, onClose }: { role: { id: string; roleName: string }; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userIds: string[] }>();
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  const search = useUserSearch(text.trim());
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = (search.data ?? []).map((u) => ({ value: u.id, label: `${u.realName || u.account} (${u.account})` }));

  const save = async ({ userIds }: { userIds: string[] }) => {
    if (saving) return;
    setSaving(true);
    try {
      await http.post(`${appRoleSpec.api}/addUser`, { roleId: role.id, userIds });
      onClose(true);
    } catch {
      // Shown by the request layer; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("rolesManagement.addUserTitle", { name: role.roleName })}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("rolesManagement.addUserHelp")}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="app-role-users" onFinish={save}>
        <Form.Item name="userIds" label={t("rolesManagement.users")} rules={[{ required: true, type: "array", min: 1, message: t("rolesManagement.chooseUser") }]}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setText}
            loading={search.isFetching}
            placeholder={t("rolesManagement.searchUser")}
            // Chosen users stay labelled when a new search no longer lists them.
            options={[...options, ...Object.entries(known).filter(([id]) => !options.some((o) => o.value === id)).map(([value, label]) => ({ value, label }))]}
            onChange={(ids: string[]) => setKnown((k) => Object.fromEntries(ids.map((id) => [id, k[id] ?? options.find((o) => o.value === id)?.label ?? id])))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
