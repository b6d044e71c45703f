import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Refine, type DataProvider } from "@refinedev/core";
import { useForm } from "@refinedev/antd";
import { App as AntdApp, Form, Input } from "antd";
import { BrowserRouter, Link, Route, Routes } from "react-router";
import { routerProvider } from "../providers/router";
import { i18nProvider } from "../providers/i18n";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard";

const dataProvider: DataProvider = {
  getApiUrl: () => "/api",
  getList: () => Promise.resolve({ data: [], total: 0 }),
  getOne: () => Promise.resolve({ data: { id: 1 } as never }),
  create: () => Promise.resolve({ data: { id: 1 } as never }),
  update: () => Promise.resolve({ data: { id: 1 } as never }),
  deleteOne: () => Promise.resolve({ data: { id: 1 } as never }),
};

/** A refine form, as every create page has: typing marks the page as having unsaved changes. */
function NoteForm() {
  const { formProps } = useForm({ resource: "notes", action: "create", warnWhenUnsavedChanges: true, redirect: false });
  return (
    <>
      <Form {...formProps}>
        <Form.Item name="title" label="标题">
          <Input />
        </Form.Item>
      </Form>
      <Link to="/elsewhere">elsewhere</Link>
    </>
  );
}

function renderConsole() {
  window.history.replaceState(null, "", "/start");
  render(
    <AntdApp>
      <BrowserRouter>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          resources={[{ name: "notes", create: "/notes/create" }]}
          options={{ disableTelemetry: true, warnWhenUnsavedChanges: true }}
        >
          <Routes>
            <Route path="/start" element={<Link to="/notes/create">new note</Link>} />
            <Route path="/notes/create" element={<NoteForm />} />
            <Route path="/elsewhere" element={<p>elsewhere page</p>} />
          </Routes>
          <UnsavedChangesGuard />
        </Refine>
      </BrowserRouter>
    </AntdApp>,
  );
}

async function typeANote() {
  fireEvent.click(await screen.findByRole("link", { name: "new note" }));
  fireEvent.change(await screen.findByLabelText("标题"), { target: { value: "half-written" } });
}

const WARNING = "确定要离开吗?有未保存的修改。";
const button = (name: RegExp) => screen.getByRole("button", { name });
/** The question asked a second time (antd keeps the first, closed, until its animation ends). */
const secondQuestion = async () => {
  await waitFor(() => expect(screen.getAllByRole("dialog", { name: WARNING }).length).toBeGreaterThan(1));
  return screen.getAllByRole("dialog", { name: WARNING }).at(-1)!;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("<UnsavedChangesGuard>", () => {
  it("asks in an antd confirmation, not the browser's confirm(), before a link leaves typed changes", async () => {
    const nativeConfirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    renderConsole();
    await typeANote();
    fireEvent.click(screen.getByRole("link", { name: "elsewhere" }));
    expect(await screen.findByRole("dialog", { name: WARNING })).toBeInTheDocument();
    expect(nativeConfirm).not.toHaveBeenCalled();
    fireEvent.click(button(/取\s*消/));
    expect(screen.getByLabelText("标题")).toHaveValue("half-written");
    expect(window.location.pathname).toBe("/notes/create");

    fireEvent.click(screen.getByRole("link", { name: "elsewhere" }));
    fireEvent.click(within(await secondQuestion()).getByRole("button", { name: /确\s*定/ }));
    expect(await screen.findByText("elsewhere page")).toBeInTheDocument();
    expect(nativeConfirm).not.toHaveBeenCalled();
  });

  it("holds the browser's Back with the same confirmation: staying keeps the text, leaving goes back", async () => {
    renderConsole();
    await typeANote();
    act(() => window.history.back());
    expect(await screen.findByRole("dialog", { name: WARNING })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/notes/create");
    fireEvent.click(button(/取\s*消/));
    expect(screen.getByLabelText("标题")).toHaveValue("half-written");

    act(() => window.history.back());
    fireEvent.click(within(await secondQuestion()).getByRole("button", { name: /确\s*定/ }));
    expect(await screen.findByRole("link", { name: "new note" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/start");
  });

  it("lets Back through without a question when nothing was typed", async () => {
    renderConsole();
    fireEvent.click(await screen.findByRole("link", { name: "new note" }));
    await screen.findByLabelText("标题");
    act(() => window.history.back());
    expect(await screen.findByRole("link", { name: "new note" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: WARNING })).toBeNull();
  });
});
