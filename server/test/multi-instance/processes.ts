/**
 * Which TCP connections belong to a process (Linux /proc): the local ports of the sockets among
 * its open files. Lets a test pick one instance's LISTEN connection out of pg_stat_activity, where
 * every instance's looks the same (application_name blade-data-version) except for its client port.
 */
import { readFileSync, readdirSync, readlinkSync } from "node:fs";

export function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // Closed while we looked.
    }
  }
  const ports = new Set<number>();
  // cols: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
  for (const cols of tcpRows()) if (cols.length > 9 && inodes.has(cols[9])) ports.add(portOf(cols[1]));
  return ports;
}

/** The rows of the kernel's TCP tables (v4 and v6), split into columns, headers left out. */
function* tcpRows(): Generator<string[]> {
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) yield line.trim().split(/\s+/);
  }
}

const portOf = (address: string) => parseInt(address.split(":").pop()!, 16);

/**
 * Bytes a TCP connection has received and its owner not yet read: the server side of
 * 127.0.0.1:`localPort` ← `remotePort`. More than 0 means a request is waiting for that process.
 */
export function unreadBytes(localPort: number, remotePort: number): number {
  for (const cols of tcpRows()) {
    if (cols.length >= 5 && portOf(cols[1]) === localPort && portOf(cols[2]) === remotePort) return parseInt(cols[4].split(":")[1], 16);
  }
  return 0;
}
