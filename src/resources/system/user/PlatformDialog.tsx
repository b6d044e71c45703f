import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Form, Input, Modal, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { R, UserVO } from "../../../../domain/contract";
import { FieldControl } from "../../../components/resource/FieldControl";
import { http } from "../../../providers/http";
import { useUserCalls } from "./actions";
import { userSpec } from "../../../../domain/resources/system/user/spec";
import { API } from "../../../../domain/contract/api";

/** platform-detail: the user with its platform and that platform's extension (BladeX blade_user_web/app/other). */
type PlatformDetail = Partial<UserVO> & { userExt?: string | null };

/** The column's length (server/modules/user/platform.ts refuses longer with the same number). */
const USER_EXT_MAX = 2000;

/**
 * 平台配置 of one user (button user_platform): its platform (the `user_type` dictionary, as the
 * page's search shows it) and the extension kept for that platform (free text, usually the JSON
 * the platform's client sends), loaded from platform-detail and saved with update-platform.
 */
export function PlatformDialog({ userId, name, onClose }: { userId: string; name: string; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { call } = useUserCalls();
  const [form] = Form.useForm<{ userType?: number; userExt?: string }>();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: ["user-platform-detail", userId],
    queryFn: async () => (await http.get<R<PlatformDetail>>(API.get("/blade-user/platform-detail"), { params: { id: userId } })).data,
    gcTime: 0,
  });
  const row = detail.data;
  useEffect(() => {
    // BladeX may send "", null or -1 for an unset platform.
    if (row) form.setFieldsValue({ userType: row.userType && Number(row.userType) > 0 ? Number(row.userType) : undefined, userExt: row.userExt ?? "" });
  }, [row, form]);

  const save = async ({ userType, userExt }: { userType?: number; userExt?: string }) => {
    if (saving) return;
    setSaving(true);
    try {
      await call("update-platform", { userId, userType, userExt: userExt ?? "" }, t("messages.updated"));
      onClose(true);
    } catch {
      // Shown by the http layer; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("user.platformTitle", { name })}
      width={520}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ disabled: !row }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      {detail.isError ? (
        <Alert type="error" showIcon message={t("user.platformLoadFailed")} />
      ) : !row ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("user.fields.account")}>{row.account}</Descriptions.Item>
            <Descriptions.Item label={t("user.fields.realName")}>{row.realName}</Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" name="user-platform" onFinish={save}>
            <Form.Item name="userType" label={t("user.fields.userType")} rules={[{ required: true, message: t("user.choosePlatform") }]}>
              <FieldControl f={userSpec.fields.userType} />
            </Form.Item>
            <Form.Item name="userExt" label={t("user.userExt")} extra={t("user.userExtHint")}>
              <Input.TextArea rows={4} maxLength={USER_EXT_MAX} showCount />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
