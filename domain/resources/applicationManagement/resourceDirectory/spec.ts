import { defineResource, field } from "../../../validation";
import { CRUD, button, importButton } from "../../../menus/entry";

/** The code of the start/stop switch (startOrStop) and of the import dialog (import). */
export const DIRECTORY_STATUS_CODE = "resourceDirectory_status";
export const DIRECTORY_IMPORT_CODE = "resourceDirectory_import";
/** The code of 应用角色 → 分配目录 (getAppDirectory, addAppDirectory). */
export const APP_ROLE_DIRECTORY_CODE = "rolesManagement_directory";
/** The resource area's paged directories (app-drectory/page, §7's spelling). */
export const APP_DIRECTORY_PAGE_API = "/authentication/app-drectory";

/** Rows one import takes at most, and the file's size the dialog checks before sending. */
export const DIRECTORY_IMPORT_MAX_ROWS = 2000;
export const DIRECTORY_IMPORT_MAX_MB = 5;

/**
 * 资源目录 (/applicationManagement/resourceDirectory/index, /authentication/bladeApplicationDirectory):
 * a tree of directories per tenant, each holding applications (`appIds` of insert and update, not a
 * column: the link table). `status` (1 started, 0 stopped) changes only through startOrStop; a
 * stopped directory hides itself, its sub-directories and their applications from the resource area.
 */
export const appDirectorySpec = defineResource({
  name: "resourceDirectory",
  menuCode: "resourceDirectory",
  menu: {
    icon: "FolderOutlined",
    buttons: [...CRUD, importButton, button("status", "启用停用", "Start or stop", 3)],
    apis: [`${APP_DIRECTORY_PAGE_API}/`],
  },
  api: "/authentication/bladeApplicationDirectory",
  path: "/applicationManagement/resourceDirectory/index",
  title: { zh: "资源目录", en: "Resource directory" },
  fields: {
    directoryName: field.text({ zh: "目录名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    directoryCode: field.text({ zh: "目录编码", en: "Code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    parentId: field.id({ zh: "上级目录", en: "Parent directory" }, { column: false, control: "treeSelect", defaultValue: "0" }),
    sort: field.int({ zh: "排序", en: "Sort" }, { maxValue: 99999, sortable: true, defaultValue: 1 }),
    icon: field.text({ zh: "目录图标", en: "Icon" }, 255, { column: false }),
    // One file of the generic upload widget (its link), or an http(s) address; "" = none (isAttachmentLink).
    attachment: field.text({ zh: "附件", en: "Attachment" }, 500, { column: false }),
    // "0": nobody. The owner is the first approver of a two-step resource request.
    ownerId: field.id({ zh: "负责人", en: "Owner" }, { column: false, control: "select", defaultValue: "0" }),
    description: field.remark({ zh: "目录描述", en: "Description" }),
    status: field.dict({ zh: "状态", en: "Status" }, "status", { form: false, column: false, search: "equal", oneOf: [1, 0] }),
  },
  unique: [{ field: "directoryCode", message: { zh: "目录编码已存在", en: "Directory code already exists" } }],
});

/** Messages both sides show, beyond the generated field rules. */
export const directoryMessages = {
  missing: { zh: "目录不存在", en: "Directory not found" },
  parentMissing: { zh: "上级目录不存在", en: "Parent directory not found" },
  parentLoop: { zh: "上级目录不能是自身或其下级目录", en: "A directory cannot move under itself or its own sub-directory" },
  hasChildren: { zh: "该目录下还有子目录,请先删除子目录", en: "The directory still has sub-directories: delete them first" },
  ownerMissing: { zh: "负责人不存在", en: "Owner not found" },
  appMissing: { zh: "所选应用不存在", en: "A chosen application was not found" },
  appIds: { zh: "应用格式不正确", en: "Applications are not valid" },
  statusValue: { zh: "状态只能是 1(启用)或 0(停用)", en: "Status must be 1 (started) or 0 (stopped)" },
  iconLink: { zh: "目录图标只能是上传的图片或 http(s) 地址", en: "The icon must be an uploaded image or an http(s) address" },
  attachmentLink: { zh: "附件只能是上传的文件或 http(s) 地址", en: "The attachment must be an uploaded file or an http(s) address" },
  attachmentMissing: { zh: "附件文件不存在,请重新上传", en: "The attached file is not there: upload it again" },
  roleMissing: { zh: "应用角色不存在", en: "Application role not found" },
  directoriesMissing: { zh: "所选目录不存在", en: "A chosen directory was not found" },
} as const;
