import { ImportOutlined } from "@ant-design/icons";
import { CanAccess } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImportDialog } from "../../../components/resource/ImportDialog";
import { DIRECTORY_IMPORT_MAX_MB, appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";

/** The toolbar's 导入 (resourceDirectory_import): the template, the upload and its per-row report. */
export function DirectoryImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const k = (key: string) => t(`resourceDirectory.${key}`);
  return (
    <CanAccess resource={appDirectorySpec.name} action="import">
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {t("buttons.import")}
      </Button>
      {open && (
        <ImportDialog
          api={appDirectorySpec.api}
          resource={appDirectorySpec.name}
          nameField="directoryName"
          maxMb={DIRECTORY_IMPORT_MAX_MB}
          onClose={() => setOpen(false)}
          words={{
            title: k("importTitle"),
            hint: t("resourceDirectory.importHint", { mb: DIRECTORY_IMPORT_MAX_MB }),
            downloadTemplate: k("downloadTemplate"),
            chooseFile: k("chooseFile"),
            startImport: k("startImport"),
            done: (r) => t("resourceDirectory.importDone", { total: r.total, success: r.success, failed: r.failed }),
            failedRows: k("importFailedRows"),
            row: k("row"),
            name: t("resourceDirectory.fields.directoryName"),
            reason: k("reason"),
          }}
        />
      )}
    </CanAccess>
  );
}
