import { defineResource, field, patterns } from "../../../validation";
import { CRUD, button, scopedButtons } from "../../../menus/entry";

/** The route that serves an uploaded file back: an icon may be one of ours (server/kit/file-link.ts). */
const OWN_FILE_LINK = /^\/api\/blade-resource\/oss\/endpoint\/file\/[1-9]\d{0,18}$/;

/**
 * 应用列表 (/applicationManagement/applicationList/index, /authentication/app): the applications
 * the platform signs users into. `status` (1 enabled, 0 disabled) is changed only by isEnable.
 */
export const appSpec = defineResource({
  name: "applicationList",
  menuCode: "applicationList",
  menu: {
    icon: "AppstoreAddOutlined",
    buttons: [...CRUD, button("status", "启用停用", "Enable or disable", 3), ...scopedButtons("category", "应用分类", "Application categories", "application category")],
  },
  api: "/authentication/app",
  path: "/applicationManagement/applicationList/index",
  title: { zh: "应用列表", en: "Application list" },
  fields: {
    appName: field.text({ zh: "应用名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    appCode: field.text({ zh: "应用编码", en: "Code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    // "0" files it under no category; the page filter takes a category and everything below it.
    categoryId: field.id({ zh: "应用分类", en: "Category" }, { column: false, control: "treeSelect", defaultValue: "0" }),
    appUrl: field.text({ zh: "应用地址", en: "URL" }, 255, { required: true, format: "url" }),
    icon: field.text({ zh: "应用图标", en: "Icon" }, 255, { column: false }),
    // One file of the generic upload widget (its link), or an http(s) address; "" = none (isAttachmentLink).
    attachment: field.text({ zh: "附件", en: "Attachment" }, 500, { column: false }),
    sort: field.int({ zh: "排序", en: "Sort" }, { maxValue: 99999, sortable: true, defaultValue: 1 }),
    description: field.remark({ zh: "应用描述", en: "Description" }),
    status: field.dict({ zh: "状态", en: "Status" }, "status", { form: false, column: false, search: "equal", oneOf: [1, 0] }),
  },
  unique: [{ field: "appCode", message: { zh: "应用编码已存在", en: "Application code already exists" } }],
});

/** 应用分类 (/authentication/bladeApplicationManageTree): a tree per tenant, shown beside the list. */
export const appCategorySpec = defineResource({
  name: "appCategory",
  menuCode: "applicationList_category",
  api: "/authentication/bladeApplicationManageTree",
  path: "/applicationManagement/applicationList/index",
  title: { zh: "应用分类", en: "Application categories" },
  fields: {
    parentId: field.id({ zh: "上级分类", en: "Parent" }, { column: false, control: "treeSelect", defaultValue: "0" }),
    categoryName: field.text({ zh: "分类名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    sort: field.int({ zh: "排序", en: "Sort" }, { maxValue: 99999, sortable: true, defaultValue: 1 }),
    remark: field.remark(),
  },
});

/** The code of the enable/disable switch (isEnable). */
export const APP_STATUS_CODE = "applicationList_status";

/** Messages both sides show, beyond the generated field rules. */
export const appMessages = {
  iconLink: { zh: "应用图标只能是上传的图片或 http(s) 地址", en: "The icon must be an uploaded image or an http(s) address" },
  attachmentLink: { zh: "附件只能是上传的文件或 http(s) 地址", en: "The attachment must be an uploaded file or an http(s) address" },
  attachmentMissing: { zh: "附件文件不存在,请重新上传", en: "The attached file is not there: upload it again" },
  categoryMissing: { zh: "应用分类不存在", en: "Application category not found" },
  appMissing: { zh: "应用不存在", en: "Application not found" },
  categoryMissingSelf: { zh: "分类不存在", en: "Category not found" },
  parentLoop: { zh: "上级分类不能是自身或其下级", en: "A category cannot move under itself or its own sub-category" },
  hasChildren: { zh: "该分类下还有子分类,请先删除子分类", en: "The category still has sub-categories: delete them first" },
  hasApps: { zh: "该分类下还有应用,请先移走或删除这些应用", en: "The category still holds applications: move or delete them first" },
  statusValue: { zh: "状态只能是 1(启用)或 0(停用)", en: "Status must be 1 (enabled) or 0 (disabled)" },
} as const;

/** An icon is empty, one of our uploaded files, or an http(s) address: nothing a browser would run. */
export const isAppIcon = (value: string): boolean => value === "" || OWN_FILE_LINK.test(value) || patterns.url.test(value);

/**
 * An attachment is held to the icon's rule (empty, one of our uploaded files, or an http(s)
 * address): a link the console opens as a download, never anything a browser would run.
 */
export const isAttachmentLink = isAppIcon;
