import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { useResourceCan } from "../../../providers/access-control";
import { App, AutoComplete, Form, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../../components/resource/ResourceList";
import { SecretInput } from "../../../components/resource/SecretInput";
import { http } from "../../../providers/http";
import { THIRD_LOGIN_BASE, THIRD_LOGIN_PRESETS, thirdLoginSpec } from "../../../../domain/resources/system/thirdPartyLogin/spec";
import { BoundUserCount } from "./BoundUsers";
import "./i18n";
import { API } from "../../../../domain/contract/api";

/** The client secret of the form: "已设置" when the record has one; empty keeps it. */
function ClientSecretInput(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const form = Form.useFormInstance();
  const isSet = Form.useWatch("clientSecretSet", { form, preserve: true }) as boolean | undefined;
  return <SecretInput {...props} isSet={!!isSet} maxLength={255} />;
}

function SourceInput(props: { id?: string; value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <AutoComplete
      {...props}
      maxLength={32}
      options={["oauth2", ...Object.keys(THIRD_LOGIN_PRESETS)].map((value) => ({ value }))}
      placeholder={t("thirdPartyLogin.presetHelp")}
    />
  );
}

/** Enables or disables one provider, after confirmation; gated by the edit code. */
function StatusSwitch({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const can = useResourceCan(thirdLoginSpec.name, "edit");
  const on = row.status === 1;
  const toggle = (next: boolean) =>
    modal.confirm({
      title: t(next ? "thirdPartyLogin.enableConfirm" : "thirdPartyLogin.disableConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        await http.post(API.post(`${THIRD_LOGIN_BASE}/thirdLoginInfoStatus`), undefined, { params: { id: String(row.id), status: next ? 1 : 0 } });
        message.success(t("thirdPartyLogin.statusChanged"));
        await invalidate({ resource: thirdLoginSpec.name, invalidates: ["list"] });
      },
    });
  return (
    <Switch
      checked={on}
      disabled={!can.can}
      aria-label={`${String(row.source)} ${t("thirdPartyLogin.fields.status")}`}
      checkedChildren={t("thirdPartyLogin.enabled")}
      unCheckedChildren={t("thirdPartyLogin.disabled")}
      onChange={toggle}
    />
  );
}

/** 三方登录: the social sign-in's providers; secrets write-only, status switched with confirmation. */
export default function ThirdLoginList() {
  const { t } = useTranslation();
  return (
    <ResourceList
      spec={thirdLoginSpec}
      form={{ controls: { clientSecret: <ClientSecretInput />, source: <SourceInput /> } }}
      extraColumns={[
        { key: "status", title: t("thirdPartyLogin.fields.status"), width: 120, render: (_: unknown, row: BaseRecord) => <StatusSwitch row={row} /> },
        {
          key: "bound",
          title: t("thirdPartyLogin.boundUsers"),
          width: 100,
          render: (_: unknown, row: BaseRecord) => <BoundUserCount source={String(row.source)} name={String(row.name || row.source)} />,
        },
      ]}
    />
  );
}
