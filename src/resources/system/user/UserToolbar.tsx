import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { CanAccess } from "@refinedev/core";
import { App, Button } from "antd";
import { useTranslation } from "react-i18next";
import type { ToolbarContext } from "../../../components/resource/list/useResourceList";
import { filtersToQuery, sortersToQuery } from "../../../providers/data";
import { selectAtLeastOne } from "../../../../domain/validation";
import { download, useUserCalls } from "./actions";
import type { UserDialog } from "./UserDialogs";
import { API } from "../../../../domain/contract/api";

/**
 * The users page's toolbar beyond create and delete: import, export of every user the current
 * search matches, and the bulk actions on the chosen rows — each behind its button code.
 */
export function UserToolbar({ context, open }: { context: ToolbarContext; open: (dialog: UserDialog) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const calls = useUserCalls();
  const { selected } = context;

  /** The action on the chosen rows, or the §5 warning when none is chosen. */
  const onSelection = (action: (ids: string[]) => void) => () => {
    if (selectAtLeastOne(selected)) return void message.warning(t("messages.selectAtLeastOne"));
    action(selected);
  };

  const exportAll = () =>
    calls.confirm(t("user.exportConfirm"), async () => {
      const hide = message.loading(t("user.exporting"), 0);
      try {
        // The list's own query in the Blade grammar (deptId bare, as /page binds it); paging is not sent.
        await download(API.get("/blade-user/export-user"), { ...filtersToQuery(context.filters, false, ["deptId"]), ...sortersToQuery(context.sorters) });
      } finally {
        hide();
      }
    });

  const button = (action: string, label: string, onClick: () => void, danger = false) => (
    <CanAccess key={`${action}-${label}`} resource="user" action={action}>
      <Button danger={danger} onClick={onClick}>
        {label}
      </Button>
    </CanAccess>
  );

  return (
    <>
      {button("status", t("user.enable"), onSelection((ids) => calls.setStatus(ids, 1)))}
      {button("status", t("user.disable"), onSelection((ids) => calls.setStatus(ids, 0)), true)}
      {button("unlock", t("user.unlock"), onSelection((ids) => calls.unlock(ids)))}
      {button("role", t("user.setRole"), onSelection((ids) => open({ kind: "role", ids })))}
      {button("dept", t("user.setDept"), onSelection((ids) => open({ kind: "dept", ids })))}
      {/* The same button code as 设置部门: batchInviteUserToDept is a gentler setDept (it adds, never removes). */}
      {button("dept", t("user.invite"), onSelection((ids) => open({ kind: "invite", ids })))}
      <CanAccess resource="user" action="import">
        <Button icon={<UploadOutlined />} onClick={() => open({ kind: "import" })}>
          {t("buttons.import")}
        </Button>
      </CanAccess>
      <CanAccess resource="user" action="export">
        <Button icon={<DownloadOutlined />} onClick={exportAll}>
          {t("buttons.export")}
        </Button>
      </CanAccess>
    </>
  );
}
