import type { AppContext } from "../../../context";
import { SourceError, type SourceConfig, type SourceReader } from "./source";

/** What a test puts in place of the real sources (an in-memory reader): set only by tests. */
let override: ((config: SourceConfig) => SourceReader) | undefined;

/** Tests only: every run reads from `factory` instead of the configured source (undefined: the real ones). */
export function setTestReader(factory: ((config: SourceConfig) => SourceReader) | undefined): void {
  override = factory;
}

/**
 * The reader of a synchroniser's source. Each source's module is loaded when first used, so a
 * server that never synchronises with LDAP never loads ldapts. Outbound HTTP goes through the
 * app's fetch (tests answer it in process).
 */
export async function readerFor(config: SourceConfig, ctx: Pick<AppContext, "fetch">): Promise<SourceReader> {
  if (override) return override(config);
  switch (config.sourceType) {
    case "ldap":
    case "ad":
      return (await import("./ldap")).ldapSource(config);
    case "dingtalk":
      return (await import("./dingtalk")).dingtalkSource(config, { fetch: ctx.fetch });
    case "wecom":
      return (await import("./wecom")).wecomSource(config, { fetch: ctx.fetch });
    case "feishu":
      return (await import("./feishu")).feishuSource(config, { fetch: ctx.fetch });
    default:
      throw new SourceError("暂不支持该同步源");
  }
}
