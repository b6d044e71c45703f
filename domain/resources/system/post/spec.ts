import { defineResource, field } from "../../../validation";
import { CRUD } from "../../../menus/entry";

/** 岗位管理 (/system/post, BladeX blade_post): the one description of a post, server and console alike. */
export const postSpec = defineResource({
  name: "post",
  menuCode: "post",
  menu: { icon: "SolutionOutlined", buttons: CRUD },
  api: "/blade-system/post",
  path: "/system/post",
  title: { zh: "岗位管理", en: "Posts" },
  fields: {
    category: field.dict({ zh: "岗位类型", en: "Category" }, "post_category", { required: true, search: "equal", oneOf: [1, 2, 3, 4] }),
    postCode: field.text({ zh: "岗位编号", en: "Post code" }, 12, { required: true, format: "code", search: "like", sortable: true }),
    postName: field.text({ zh: "岗位名称", en: "Post name" }, 64, { required: true, format: "input", search: "like", sortable: true }),
    sort: field.int({ zh: "岗位排序", en: "Sort" }, { required: true, maxValue: 99999, sortable: true, defaultValue: 1 }),
    remark: field.remark({ zh: "岗位描述", en: "Description" }),
  },
  unique: [{ field: "postCode", message: { zh: "岗位编号已存在", en: "Post code already exists" } }],
});
