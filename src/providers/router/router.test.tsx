import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine, useTable, type DataProvider, type RouterProvider } from "@refinedev/core";
import refineRouter from "@refinedev/react-router";
import { useLayoutEffect } from "react";
import { BrowserRouter, Route, Routes, useNavigate } from "react-router";
import { routerProvider } from ".";

const empty = <T,>(data: T) => Promise.resolve({ data });
const dataProvider: DataProvider = {
  getApiUrl: () => "/api",
  getList: () => Promise.resolve({ data: [], total: 0 }),
  getOne: () => empty({ id: 1 } as never),
  create: () => empty({ id: 1 } as never),
  update: () => empty({ id: 1 } as never),
  deleteOne: () => empty({ id: 1 } as never),
};

function ItemList() {
  useTable({ resource: "items" });
  return <p>items</p>;
}

/**
 * Stands for the user's click that lands after the list has committed but before its effects ran:
 * layout effects run at commit, before the passive effect in which useTable syncs its URL.
 */
function LeaveOnCommit() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    void navigate("/elsewhere");
  }, [navigate]);
  return null;
}

function OpenList() {
  const navigate = useNavigate();
  return <button onClick={() => navigate("/items")}>open</button>;
}

/** Opens the list from another page: the router listens to its history only once it has mounted. */
async function openList(router: RouterProvider, leave: boolean) {
  window.history.pushState({}, "", "/start");
  render(
    <BrowserRouter>
      <Refine
        routerProvider={router}
        dataProvider={dataProvider}
        resources={[{ name: "items", list: "/items" }]}
        options={{ disableTelemetry: true, syncWithLocation: true }}
      >
        <Routes>
          <Route path="/start" element={<OpenList />} />
          <Route path="/items" element={<><ItemList />{leave && <LeaveOnCommit />}</>} />
          <Route path="/elsewhere" element={<p>elsewhere</p>} />
        </Routes>
      </Refine>
    </BrowserRouter>,
  );
  fireEvent.click(await screen.findByRole("button", { name: "open" }));
}

afterEach(() => {
  cleanup();
  window.history.replaceState({}, "", "/");
});

describe("router provider: the table's URL sync", () => {
  it("refine's own binding bounces the user back to a list left before it synced its URL", async () => {
    await openList(refineRouter, true);
    await waitFor(() => expect(window.location.search).toContain("pageSize=10"));
    expect(window.location.pathname).toBe("/items");
    await screen.findByText("items");
    expect(screen.queryByText("elsewhere")).not.toBeInTheDocument();
  });

  it("leaves the list for good when its sync comes after the navigation", async () => {
    await openList(routerProvider, true);
    await screen.findByText("elsewhere");
    expect(window.location.pathname).toBe("/elsewhere");
    expect(screen.queryByText("items")).not.toBeInTheDocument();
  });

  it("still writes the table state into the URL of the page that shows it", async () => {
    await openList(routerProvider, false);
    await screen.findByText("items");
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("pageSize")).toBe("10"));
    expect(window.location.pathname).toBe("/items");
  });
});
