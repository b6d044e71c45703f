import { createContext, useContext } from "react";
import { Alert, Descriptions, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

export interface TenantSecret {
  tenantId: string;
  account: string;
  password: string;
}

/**
 * The tenant administrator's password, shown once (after a creation or a reset): copyable, with
 * the warning that it cannot be shown again. Closed only on purpose, never by a stray click.
 */
export function SecretDialog({ secret, onClose }: { secret: TenantSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t("tenant.secretTitle")}
      onOk={onClose}
      onCancel={onClose}
      okText={t("tenant.secretClose")}
      cancelButtonProps={{ style: { display: "none" } }}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      {secret && (
        <>
          <Alert type="warning" showIcon message={t("tenant.secretWarning")} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t("tenant.secretTenant")}>{secret.tenantId}</Descriptions.Item>
            <Descriptions.Item label={t("tenant.secretAccount")}>
              <Typography.Text copyable>{secret.account}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t("tenant.secretPassword")}>
              <Typography.Text code copyable data-testid="tenant-admin-password">
                {secret.password}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}

/** How a form or row action inside the page hands a fresh secret to the page's dialog. */
export const ShowSecretContext = createContext<(secret: TenantSecret) => void>(() => {});
export const useShowSecret = () => useContext(ShowSecretContext);
