/**
 * The application side as its people use it (issue 21): an administrator files an application in
 * a 资源目录 and gives the directory to an application role, whose holder then finds it in 我的应用;
 * an ordinary user requests an application, an approver approves it, the user opens it and the
 * visit is in the application-access log; a time-bound grant that has ended leaves 我的应用.
 * Users, applications and application roles are set up by API: they are not the subject here.
 */
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiGet, apiPost, apiToken, ok } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu, sider } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const PASSWORD = "Res0urce-Ctr-Pw!";
/** Names unique to one run of one test (--repeat-each runs a test again in the same worker). */
const unique = () => uniqueAccount("r").slice(2);

/** Applications open on *.example.com: answered here, so the new window loads at once and offline. */
const APP_HOST = "example.com";

async function createApp(token: string, name: string, code: string): Promise<string> {
  return ok(await apiPost<{ id: string }>(token, "/authentication/app/insert", { appName: name, appCode: code, appUrl: `https://${code}.${APP_HOST}/` }), `create app ${name}`).id;
}

async function userId(token: string, account: string): Promise<string> {
  const page = ok(await apiGet<{ records: { id: string; account: string }[] }>(token, "/blade-user/page", { account }), "find user");
  const found = page.records.find((r) => r.account === account);
  if (!found) throw new Error(`no user ${account}`);
  return found.id;
}

/** An ordinary user (role 普通用户: the resource centre) created by API. */
const ordinaryUser = (prefix: string, realName: string) => createUser({ account: uniqueAccount(prefix), password: PASSWORD, realName, roles: ["普通用户"], depts: ["常州刀锋"] });

/** A fresh browser context signed in as `account`, with the applications' addresses answered locally. */
async function signedIn(browser: Browser, account: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext();
  await context.route(`https://*.${APP_HOST}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>app</title>ok" }));
  const page = await context.newPage();
  await loginAs(page, account, password);
  return page;
}

/** A table row found by one exact cell. */
const rowOf = (scope: Page | Locator, cell: string) => scope.getByRole("row").filter({ has: scope.getByRole("cell", { name: cell, exact: true }) });

/** A dialog by its title. */
const dialogOf = (page: Page, title: string) => page.locator(".ant-modal").filter({ has: page.locator(".ant-modal-title", { hasText: title }) });

/** The toast saying `text`: an antd message, or the notification of refine's forms. */
const notice = (page: Page, text: string) => page.locator(".ant-message-notice, .ant-notification-notice").filter({ hasText: text }).first();

/**
 * Opens a page of the resource centre from an ordinary user's side menu: they hold only its four
 * pages, which the sider shows as top-level items, not under a 资源中心 group (the administrator's
 * are: openFromMenu). A click that lands while the menu still renders is retried until the page shows.
 */
async function openCentre(page: Page, item: string, url: RegExp) {
  const entry = sider(page).getByRole("menuitem").filter({ has: page.getByText(item, { exact: true }) });
  await expect(async () => {
    if (!url.test(page.url())) await entry.first().click({ timeout: 2_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Presses a dialog's button until `done` shows: a click during the dialog's entrance animation can be lost. */
async function confirm(page: Page, dialog: Locator, button: RegExp, done: string) {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: button }).click({ timeout: 2_000 });
    await expect(notice(page, done)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
}

/** 我的应用's card of an application, in its 全部应用 section. */
const appCard = (page: Page, appName: string) => page.getByRole("region", { name: "全部应用" }).getByRole("article", { name: appName, exact: true });

test("a directory given to an application role shows its application in the role holder's 我的应用", async ({ browser }) => {
  // Two sign-ins and five screens: on a 2-core machine loaded by other work this took over a minute.
  test.setTimeout(120_000);
  const token = await adminToken();
  const suffix = unique();
  const filedApp = `目录应用${suffix}`;
  const portal = `门户${suffix}`;
  const roleName = `目录角色${suffix}`;
  const dirName = `办公目录${suffix}`;
  // The role belongs to another application: the filed one can reach its holder only through the directory.
  await createApp(token, filedApp, `filed${suffix}`);
  const portalId = await createApp(token, portal, `portal${suffix}`);
  const roleId = ok(await apiPost<{ id: string }>(token, "/authentication/bladeApplicationRole/insert", { appId: portalId, roleName, roleCode: `dir_${suffix}` }), "create app role").id;
  const holder = await ordinaryUser("e2e_rc_dir", "目录用户");
  ok(await apiPost(token, "/authentication/bladeApplicationRole/addUser", { roleId, userIds: [await userId(token, holder)] }), "give the role");

  const admin = await signedIn(browser, "admin", adminPassword());
  // 资源目录: a directory holding the application.
  await openFromMenu(admin, "应用管理", "资源目录");
  await expect(admin).toHaveURL(/\/applicationManagement\/resourceDirectory\/index/);
  await admin.getByRole("button", { name: /新\s*增$/ }).click();
  const form = dialogOf(admin, "新增");
  await form.getByLabel("目录名称").fill(dirName);
  await form.getByLabel("目录编码").fill(`office_${suffix}`);
  await pickOption(admin, form, "包含应用", filedApp, { search: filedApp });
  await confirm(admin, form, /保\s*存/, "添加成功");
  await expect(rowOf(admin, dirName)).toContainText(filedApp);

  // 应用角色: 分配目录 gives the directory to the role.
  await openFromMenu(admin, "应用管理", "应用角色");
  await expect(admin).toHaveURL(/\/applicationManagement\/rolesManagement\/index/);
  await admin.getByPlaceholder("请输入角色名称").fill(roleName);
  await admin.getByPlaceholder("请输入角色名称").press("Enter");
  const roleRow = rowOf(admin, roleName);
  const assign = dialogOf(admin, `分配目录 · ${roleName}`);
  await expect(async () => {
    if (!(await assign.isVisible())) await roleRow.getByRole("button", { name: "分配目录" }).click({ timeout: 2_000 });
    await expect(assign.getByText(dirName, { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const node = assign.locator(".ant-tree-treenode").filter({ hasText: dirName });
  await node.locator(".ant-tree-checkbox").click();
  await expect(node.locator(".ant-tree-checkbox-checked")).toHaveCount(1);
  await confirm(admin, assign, /保\s*存/, "分配成功");
  await admin.context().close();

  // The role's holder finds the filed application among their cards.
  const user = await signedIn(browser, holder);
  await openCentre(user, "我的应用", /\/resourceCenter\/myApplication\/index/);
  await expect(appCard(user, filedApp)).toBeVisible();
  await expect(appCard(user, portal)).toBeVisible();
  await user.context().close();
});

test("a requested application, once approved, opens from 我的应用 and the visit is logged", async ({ browser }) => {
  test.setTimeout(120_000);
  const token = await adminToken();
  const suffix = unique();
  const appName = `报销系统${suffix}`;
  const dirName = `财务目录${suffix}`;
  const appId = await createApp(token, appName, `expense${suffix}`);
  ok(await apiPost(token, "/authentication/bladeApplicationDirectory/insert", { directoryName: dirName, directoryCode: `finance_${suffix}`, parentId: "0", sort: 1, appIds: [appId] }), "create directory");
  const requester = await ordinaryUser("e2e_rc_req", "申请用户");

  // 资源申请: the directory tree → 申请 → a reason and 30 天.
  const user = await signedIn(browser, requester);
  await openCentre(user, "资源申请", /\/resourceCenter\/resourceApplication\/index/);
  await user.getByRole("tree").getByText(dirName, { exact: true }).click();
  const apply = dialogOf(user, `申请「${appName}」`);
  await expect(async () => {
    if (!(await apply.isVisible())) await user.getByRole("button", { name: `申请 ${appName}`, exact: true }).click({ timeout: 2_000 });
    await expect(apply.getByLabel("申请理由")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await apply.getByLabel("申请理由").fill("月底报销");
  await apply.getByText("30天", { exact: true }).click();
  await expect(apply.getByRole("radio", { name: "30天" })).toBeChecked();
  await confirm(user, apply, /确\s*定/, "申请已提交");
  const mine = rowOf(user, appName);
  await expect(mine).toContainText("待审批");
  await expect(mine).toContainText("30天");

  // 审批管理: the administrator approves it with a comment.
  const admin = await signedIn(browser, "admin", adminPassword());
  await openFromMenu(admin, "资源中心", "审批管理");
  await expect(admin).toHaveURL(/\/resourceCenter\/approvalManagement\/index/);
  const pending = rowOf(admin, appName);
  await expect(pending).toContainText(requester);
  const decision = dialogOf(admin, "通过申请");
  await expect(async () => {
    if (!(await decision.isVisible())) await pending.getByRole("button", { name: /^通\s*过$/ }).click({ timeout: 2_000 });
    await expect(decision.getByLabel("审批意见")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await decision.getByLabel("审批意见").fill("同意，月底前用完");
  await confirm(admin, decision, /确\s*定/, "审批完成");
  await expect(pending).toHaveCount(0);

  // 我的应用: the card is there; 打开 opens the application in a new window.
  await openCentre(user, "我的应用", /\/resourceCenter\/myApplication\/index/);
  const card = appCard(user, appName);
  await expect(card).toBeVisible();
  const opened = user.context().waitForEvent("page");
  await card.getByRole("button", { name: /^打\s*开$/ }).click();
  const window = await opened;
  await expect(window).toHaveURL(`https://expense${suffix}.${APP_HOST}/`);
  await window.close();
  await user.context().close();

  // 日志审计 → 应用访问日志: the visit, by the requester.
  await openFromMenu(admin, "日志审计", "应用访问日志");
  await expect(admin).toHaveURL(/\/logAudit\/applicationAccess\/index/);
  await admin.getByPlaceholder("请输入应用名称").fill(appName);
  await admin.getByPlaceholder("请输入应用名称").press("Enter");
  await expect(rowOf(admin, appName)).toContainText(requester);
  await admin.context().close();
});

test("a time-bound grant that has ended is gone from 我的应用 and its request shows 已过期", async ({ browser }) => {
  test.setTimeout(90_000);
  const token = await adminToken();
  const suffix = unique();
  const appName = `临时工具${suffix}`;
  const appId = await createApp(token, appName, `temp${suffix}`);
  const holder = await ordinaryUser("e2e_rc_exp", "到期用户");
  // A 7-day request, approved: all by API.
  const userToken = await apiToken(holder, PASSWORD);
  const requestId = ok(await apiPost<{ id: string }>(userToken, "/authentication/resourceApplication/submit", { appId, reason: "短期使用", durationDays: 7 }), "request").id;
  ok(await apiPost(token, "/authentication/approvalManagement/approve", { id: requestId, comment: "七天" }), "approve");

  const user = await signedIn(browser, holder);
  await openCentre(user, "我的应用", /\/resourceCenter\/myApplication\/index/);
  await expect(appCard(user, appName)).toBeVisible();

  // The e2e server's clock cannot move: its test hook moves the grant's end into the past.
  ok(await apiPost(token, "/authentication/approvalManagement/test-hook/end-grant", { requestId }), "end the grant");
  await user.reload();
  // Loaded, and empty: the user held nothing else.
  await expect(user.getByRole("region", { name: "全部应用" }).locator(".ant-empty")).toBeVisible();
  await expect(appCard(user, appName)).toHaveCount(0);

  await openCentre(user, "资源申请", /\/resourceCenter\/resourceApplication\/index/);
  await expect(rowOf(user, appName)).toContainText("已过期");
  await user.context().close();
});
