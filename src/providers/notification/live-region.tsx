import { useEffect, useState } from "react";

/**
 * Every status the console shows goes through antd's message or notification holders: refine's
 * notification provider (saved, deleted), the http layer's errors (HttpBridge) and the pages' own
 * `App.useApp().message` calls. Watching those holders, rather than each caller, gives one polite
 * live region that reads them all — including those a future page adds.
 */
const NOTICE = ".ant-message-notice, .ant-notification-notice";

/** How many recent statuses stay in the region: each new one is an addition, so a repeat is read again. */
const KEEP = 3;

/** Visually hidden, still read (the usual clip pattern: display:none or visibility:hidden would silence it). */
const hidden: React.CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
};

function noticesIn(node: Node): Element[] {
  if (!(node instanceof Element)) return [];
  return node.matches(NOTICE) ? [node] : Array.from(node.querySelectorAll(NOTICE));
}

export function LiveRegion() {
  const [said, setSaid] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    let next = 0;
    const observer = new MutationObserver((records) => {
      const texts: string[] = [];
      for (const r of records) for (const n of r.addedNodes) for (const el of noticesIn(n)) {
        const text = el.textContent?.trim();
        if (text) texts.push(text);
      }
      if (texts.length) setSaid((prev) => [...prev, ...texts.map((text) => ({ id: next++, text }))].slice(-KEEP));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div role="status" aria-live="polite" style={hidden} data-testid="live-region">
      {said.map((s) => <p key={s.id} style={{ margin: 0 }}>{s.text}</p>)}
    </div>
  );
}
