import { afterEach, describe, expect, it, vi } from "vitest";
import { clearStore, getStore, getStoreEntry, onStoreChange, removeStore, setStore } from "./index";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe("client storage", () => {
  it("stores a prefixed entry with data type, content, type and timestamp in local storage by default", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2024-05-01T10:00:00Z"));
    setStore({ name: "token", content: "abc" });
    const raw = JSON.parse(localStorage.getItem("blade-token")!);
    expect(raw).toEqual({ dataType: "string", content: "abc", type: "local", datetime: Date.parse("2024-05-01T10:00:00Z") });
    expect(sessionStorage.getItem("blade-token")).toBeNull();
  });

  it("stores session entries in session storage and keeps objects and numbers intact", () => {
    setStore({ name: "lock", content: true, type: "session" });
    setStore({ name: "menu", content: [{ id: "1" }] });
    setStore({ name: "n", content: 42 });
    expect(JSON.parse(sessionStorage.getItem("blade-lock")!).dataType).toBe("boolean");
    expect(getStore<boolean>({ name: "lock" })).toBe(true);
    expect(getStore({ name: "menu" })).toEqual([{ id: "1" }]);
    expect(getStore<number>({ name: "n" })).toBe(42);
  });

  it("looks in session storage before local storage", () => {
    localStorage.setItem("blade-x", JSON.stringify({ dataType: "string", content: "local", type: "local", datetime: 1 }));
    sessionStorage.setItem("blade-x", JSON.stringify({ dataType: "string", content: "session", type: "session", datetime: 2 }));
    expect(getStore({ name: "x" })).toBe("session");
  });

  it("moving an entry to the other area removes the stale copy", () => {
    setStore({ name: "x", content: "s", type: "session" });
    setStore({ name: "x", content: "l", type: "local" });
    expect(sessionStorage.getItem("blade-x")).toBeNull();
    expect(getStore({ name: "x" })).toBe("l");
  });

  it("debug returns the whole entry and getStoreEntry exposes the timestamp", () => {
    setStore({ name: "token", content: "t" });
    const entry = getStore({ name: "token", debug: true });
    expect(entry).toMatchObject({ content: "t", dataType: "string", type: "local" });
    expect(getStoreEntry("token")?.datetime).toBeTypeOf("number");
    expect(getStore({ name: "missing" })).toBeUndefined();
    expect(getStoreEntry("missing")).toBeNull();
  });

  it("ignores corrupt values", () => {
    localStorage.setItem("blade-bad", "{not json");
    expect(getStore({ name: "bad" })).toBeUndefined();
  });

  it("removeStore removes the entry from both areas", () => {
    setStore({ name: "a", content: 1 });
    sessionStorage.setItem("blade-a", JSON.stringify({ dataType: "number", content: 2, type: "session", datetime: 1 }));
    removeStore({ name: "a" });
    expect(getStore({ name: "a" })).toBeUndefined();
  });

  it("clearStore removes only our prefixed keys, optionally from one area", () => {
    localStorage.setItem("other-app", "keep");
    setStore({ name: "a", content: 1 });
    setStore({ name: "b", content: 2, type: "session" });
    clearStore({ type: "session" });
    expect(getStore({ name: "b" })).toBeUndefined();
    expect(getStore({ name: "a" })).toBe(1);
    clearStore();
    expect(getStore({ name: "a" })).toBeUndefined();
    expect(localStorage.getItem("other-app")).toBe("keep");
  });

  it("notifies listeners of changes", () => {
    const seen: (string | null)[] = [];
    const off = onStoreChange((n) => seen.push(n));
    setStore({ name: "a", content: 1 });
    removeStore({ name: "a" });
    clearStore();
    off();
    setStore({ name: "b", content: 1 });
    expect(seen).toEqual(["a", "a", null]);
  });
});
