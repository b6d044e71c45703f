import { useSyncExternalStore } from "react";
import { getStore, onStoreChange, setStore } from "../providers/storage";
import { website } from "../config/website";

/** An open page in the tag bar: the server's name of its menu item, shown translated by code or alias. */
export interface Tag {
  label: string;
  path: string;
  code?: string;
  alias?: string;
}

const home: Tag = { label: website.firstPage.label, path: website.firstPage.path };
const listeners = new Set<() => void>();
let cache: Tag[] | null = null;

function read(): Tag[] {
  if (!cache) {
    const saved = getStore<Tag[]>({ name: "tags" }) ?? [];
    cache = [home, ...saved.filter((t) => t.path !== home.path)];
  }
  return cache;
}

function write(tags: Tag[]) {
  cache = [home, ...tags.filter((t) => t.path !== home.path)];
  setStore({ name: "tags", content: cache.slice(1), type: "session" });
  listeners.forEach((l) => l());
}

// Signing in or a forced logout clears the saved tags behind this cache's back.
onStoreChange((name) => {
  if (name === null || name === "tags") {
    cache = null;
    listeners.forEach((l) => l());
  }
});

export const tagStore = {
  list: read,
  open(tag: Tag) {
    const tags = read();
    const i = tags.findIndex((t) => t.path === tag.path);
    if (i === -1) write([...tags, tag]);
    else if (tags[i].label !== tag.label || tags[i].code !== tag.code) write(tags.map((t, j) => (j === i ? tag : t)));
  },
  /** Closes a tab; returns the path to show when the closed tab was the active one. */
  close(path: string, activePath: string): string | null {
    if (path === home.path) return null;
    const tags = read();
    const i = tags.findIndex((t) => t.path === path);
    if (i === -1) return null;
    const next = tags.filter((t) => t.path !== path);
    write(next);
    if (path !== activePath) return null;
    return (next[i - 1] ?? next[0]).path;
  },
  closeOthers(keep: string) {
    write(read().filter((t) => t.path === keep));
  },
  reset() {
    cache = null;
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useTags(): Tag[] {
  return useSyncExternalStore(tagStore.subscribe, tagStore.list);
}
