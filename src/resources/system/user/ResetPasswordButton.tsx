import { KeyOutlined } from "@ant-design/icons";
import { CanAccess, useCustomMutation } from "@refinedev/core";
import { App, Button } from "antd";
import { useTranslation } from "react-i18next";

/** Resets one user's password to the initial password of the parameters, after confirmation. */
export function ResetPasswordButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { mutateAsync } = useCustomMutation();
  const confirm = () =>
    modal.confirm({
      title: t("user.resetConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        await mutateAsync({ url: `/blade-user/resetPwd?ids=${encodeURIComponent(id)}`, method: "post", values: {}, successNotification: false });
        message.success(t("user.resetDone"));
      },
    });
  return (
    <CanAccess resource="user" action="reset">
      <Button type="link" size="small" icon={<KeyOutlined />} onClick={confirm}>
        {t("user.reset")}
      </Button>
    </CanAccess>
  );
}
