import { useEffect, useState } from "react";
import { Alert, App, Button, Form, Input, Spin } from "antd";
import { useInvalidateAuthStore } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { fetchMyInfo, updateMyInfo, type ProfileInfo } from "../../providers/auth/api";
import { getUserInfo, SESSION_KEYS } from "../../providers/auth";
import { setStore } from "../../providers/storage";
import { useLanguage } from "../../providers/i18n";
import { formatMessage, patterns } from "../../../domain/validation";
import { AvatarUpload } from "./AvatarUpload";
import { SocialBind } from "./SocialBind";
import "./i18n";

const FIELDS = ["avatar", "realName", "name", "phone", "email"] as const;

/** Exactly the profile fields, as strings (BladeX may answer null or -1 for empty ones). */
function pick(input: object): ProfileInfo {
  const v = input as Record<string, unknown>;
  const text = (x: unknown) => (x == null || x === -1 || x === "-1" ? "" : String(x));
  return Object.fromEntries(FIELDS.map((k) => [k, text(v[k])])) as unknown as ProfileInfo;
}

/** The top bar shows the stored user: keep its name and avatar in step with what was saved. */
function refreshStoredUser(p: ProfileInfo) {
  const user = getUserInfo();
  if (!user) return;
  const { datetime: _ignored, ...stored } = user;
  setStore({ name: SESSION_KEYS.userInfo, content: { ...stored, avatar: p.avatar, real_name: p.realName, nick_name: p.name }, type: "local" });
}

/** 'Personal info': avatar, real name, user name, phone, email → update-info. */
export function InfoTab() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const invalidateAuth = useInvalidateAuthStore();
  const [form] = Form.useForm<ProfileInfo>();
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchMyInfo<Record<string, unknown>>()
      .then((info) => live && form.setFieldsValue(pick(info)))
      // Saving a form that never loaded would blank the phone and email on the server.
      .catch(() => live && setLoadFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [form]);

  const save = async (values: ProfileInfo) => {
    setSaving(true);
    try {
      const body = pick(values);
      await updateMyInfo(body);
      refreshStoredUser(body);
      await invalidateAuth();
      message.success(t("messages.updated"));
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loading}>
      {loadFailed && <Alert type="error" showIcon message={t("personCenter.loadFailed")} style={{ marginBottom: 16, maxWidth: 480 }} />}
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item name="avatar" label={t("personCenter.avatar")}>
          <AvatarUpload />
        </Form.Item>
        <Form.Item name="realName" label={t("personCenter.realName")}>
          <Input maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item name="name" label={t("personCenter.name")}>
          <Input maxLength={20} autoComplete="nickname" />
        </Form.Item>
        <Form.Item name="phone" label={t("personCenter.phone")} rules={[{ pattern: patterns.mainlandMobile, message: formatMessage("formatIncorrect", lang) }]}>
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="email" label={t("personCenter.email")} rules={[{ pattern: patterns.email, message: formatMessage("emailFormat", lang) }]}>
          <Input maxLength={64} autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={loading || loadFailed}>
          {t("buttons.save")}
        </Button>
      </Form>
      <SocialBind />
    </Spin>
  );
}
