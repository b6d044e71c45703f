import { KeyOutlined } from "@ant-design/icons";
import { CanAccess, useCustomMutation } from "@refinedev/core";
import { Alert, App, Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { quietly } from "./actions";

/**
 * The password a reset gave, when the server names it: the reference server answers
 * `{ password }`; BladeX answers only success (`true`), and then nothing is shown.
 */
function resetPasswordOf(data: unknown): string | undefined {
  if (typeof data === "string" && data !== "") return data;
  const password = (data as { password?: unknown } | null | undefined)?.password;
  return typeof password === "string" && password !== "" ? password : undefined;
}

/**
 * Resets one user's password to the initial password of the parameters, after confirmation; the
 * new password is then shown once, copyable, in a dialog closed only on purpose.
 */
export function ResetPasswordButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { mutateAsync } = useCustomMutation();
  const showOnce = (password: string) =>
    modal.info({
      title: t("user.resetPasswordTitle"),
      okText: t("user.resetPasswordClose"),
      maskClosable: false,
      keyboard: false,
      width: 460,
      content: (
        <>
          <Alert type="warning" showIcon message={t("user.resetPasswordWarning")} style={{ margin: "12px 0" }} />
          <Typography.Text code copyable={{ text: password, tooltips: [t("user.copy"), t("user.copied")] }} data-testid="user-reset-password">
            {password}
          </Typography.Text>
        </>
      ),
    });
  const confirm = () =>
    quietly(modal.confirm({
      title: t("user.resetConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        const result = await mutateAsync({ url: `/blade-user/resetPwd?ids=${encodeURIComponent(id)}`, method: "post", values: {}, successNotification: false });
        message.success(t("user.resetDone"));
        const password = resetPasswordOf(result?.data);
        if (password) showOnce(password);
      },
    }));
  return (
    <CanAccess resource="user" action="reset">
      <Button type="link" size="small" icon={<KeyOutlined />} onClick={confirm}>
        {t("user.reset")}
      </Button>
    </CanAccess>
  );
}
