import { useInvalidate } from "@refinedev/core";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import type { TenantSecret } from "./SecretDialog";
import { API } from "../../../../domain/contract/api";

/**
 * The tenant page's calls beyond CRUD, their parameters in the query as BladeX binds them
 * (@RequestParam): each shows its success message and refreshes the list. A
 * refusal is already shown by the http layer (§8), and rejects, so a dialog stays open on it.
 */
export function useTenantCalls() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const done = async () => {
    message.success(t("messages.updated"));
    await invalidate({ resource: "tenant", invalidates: ["list", "detail"] });
  };
  return {
    setStatus: async (id: string, status: 0 | 1) => {
      await http.post(API.post("/blade-system/tenant/changeStatus"), undefined, { params: { ids: id, status } });
      await done();
    },
    setting: async (id: string, accountNumber: number, expireTime: string) => {
      await http.post(API.post("/blade-system/tenant/setting"), undefined, { params: { ids: id, accountNumber, expireTime } });
      await done();
    },
    packageSetting: async (tenantId: string, packageId: string) => {
      await http.post(API.post("/blade-system/tenant/package-setting"), undefined, { params: { tenantId, packageId } });
      await done();
    },
    datasource: async (tenantId: string, datasourceId: string) => {
      await http.post(API.post("/blade-system/tenant/datasource"), undefined, { params: { tenantId, datasourceId } });
      await done();
    },
    resetPassword: async (id: string, tenantId: string): Promise<TenantSecret> => {
      const body = await http.get<R<{ account: string; password: string }>>(API.get("/blade-system/tenant/resetPwd"), { params: { id } });
      return { tenantId, account: body.data.account, password: body.data.password };
    },
  };
}

export type TenantCalls = ReturnType<typeof useTenantCalls>;
