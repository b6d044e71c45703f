import { resourceDescriptor } from "../../../components/resource/descriptor";
import { apiScopeSpec, dataScopeSpec, menuSpec, topMenuSpec } from "../../../../domain/resources/system/menu/spec";

const page = () => import("./MenuList");

/** System → Menus (§2 /system/menu): menus and buttons, a lazily loaded tree. */
export const menuResource = resourceDescriptor(menuSpec, page, { endpoints: { list: "lazy-list" } });

/*
 * The menus' data scopes, API scopes and the top menus are lists inside the menu page (§2 gives
 * them no path of their own). They are resources all the same, so that their buttons are gated
 * by their own codes (menu_data_scope_add …). Their paths are in no menu: opened directly, they
 * answer the 403 page as any path outside the user's menus does.
 */
export const dataScopeResource = resourceDescriptor(dataScopeSpec, page);
export const apiScopeResource = resourceDescriptor(apiScopeSpec, page);
export const topMenuResource = resourceDescriptor(topMenuSpec, page, { permissions: { grant: "menu_topmenu_setting" } });
