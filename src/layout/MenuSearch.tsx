import { SearchOutlined } from "@ant-design/icons";
import { Button, Empty, Input, Modal, Tooltip, theme, type InputRef } from "antd";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MenuNode } from "../../domain/contract";
import { useMenu } from "../providers/auth/menu-store";
import { searchMenu } from "./menu-search";
import { roleAliases, visibleFor } from "./menu-tree";
import { useOpenMenuNode } from "./menu-navigation";
import { useMenuName } from "./menu-name";
import { useSessionUser } from "./session-user";

/** Ctrl+K (⌘K on a Mac) opens the search from anywhere in the console, as in most web consoles. */
const isShortcut = (e: globalThis.KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k";

/** The menu search overlay of §2: prefix match on the names shown, arrows move, Enter opens, Esc closes. */
export function MenuSearch() {
  const { t } = useTranslation();
  const menu = useMenu();
  const user = useSessionUser();
  const openNode = useOpenMenuNode();
  const nameOf = useMenuName();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);
  const visible = useMemo(() => visibleFor(menu, roleAliases(user?.role_name)), [menu, user?.role_name]);
  const hits = useMemo(() => searchMenu(visible, text, nameOf), [visible, text, nameOf]);

  useEffect(() => {
    const onShortcut = (e: globalThis.KeyboardEvent) => {
      // A key a page already used (an editor's Ctrl+K chord) is the page's.
      if (!isShortcut(e) || e.defaultPrevented) return;
      // The browser's own Ctrl+K (its search field) would take the focus out of the page.
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onShortcut);
    return () => window.removeEventListener("keydown", onShortcut);
  }, []);

  const close = () => {
    setOpen(false);
    setText("");
    setActive(0);
  };
  const choose = (node: MenuNode | undefined) => {
    if (!node) return;
    close();
    openNode(node);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (hits.length ? (i + step + hits.length) % hits.length : 0));
    } else if (e.key === "Enter") {
      // The dialog gives the focus back to its opener as it closes; without motion that is at once,
      // and the key's own activation would then press the opener and open the search again.
      e.preventDefault();
      choose(hits[active]);
    } else if (e.key === "Escape") {
      close();
    }
  };

  return (
    <>
      <Tooltip title={`${t("layout.search.open")} (Ctrl+K)`}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t("layout.search.open")}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        closable={false}
        destroyOnHidden
        width={560}
        title={t("layout.search.open")}
        // The modal focuses its own panel once open, which defeats autoFocus: type-ahead needs the field.
        afterOpenChange={(isOpen) => isOpen && inputRef.current?.focus()}
      >
        <Input
          ref={inputRef}
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          value={text}
          placeholder={t("layout.search.placeholder")}
          aria-label={t("layout.search.placeholder")}
          aria-controls="menu-search-results"
          aria-activedescendant={hits.length ? `menu-search-option-${active}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {hits.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("layout.search.none")} />
        ) : (
          // The field moves the highlight with the arrows; the list, which scrolls, is a Tab stop of its
          // own that answers the same keys (WCAG 2.1.1: a scrolling region is reachable by keyboard).
          <ul
            id="menu-search-results"
            role="listbox"
            aria-label={t("layout.search.results")}
            aria-activedescendant={`menu-search-option-${active}`}
            tabIndex={0}
            onKeyDown={onKeyDown}
            style={{ listStyle: "none", margin: "8px 0 0", padding: 0, maxHeight: 360, overflow: "auto" }}>
            {hits.map((node, i) => (
              <li
                key={node.id}
                id={`menu-search-option-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(node)}
                style={{ padding: "8px 12px", cursor: "pointer", borderRadius: 6, background: i === active ? token.controlItemBgActive : undefined }}
              >
                <div>{nameOf(node)}</div>
                <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{node.path}</div>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
