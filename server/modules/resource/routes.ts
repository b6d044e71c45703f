import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { formatMessage } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { pathParam, readMultipart } from "../../http/body";
import { badRequest, envelope, ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { UPLOAD_EXTENSIONS_DEFAULT, UPLOAD_EXTENSIONS_EXTENDED } from "../../../domain/validation";
import { isInlineImage, loadFile, storeFile } from "./service";

/** Where multipart uploads arrive; app.ts lets these past the 1 MB limit of every other call. */
export const UPLOAD_PATH_PREFIX = "/api/blade-resource/oss/endpoint/put-file";
/** The generic upload of §5 (the console's default upload widget). */
export const COMMON_UPLOAD_PATH = "/api/blade-resource/common/upload";

/** Whether a request is an upload, which carries its own, larger body limit. */
export const isUploadPath = (path: string): boolean => path.startsWith(UPLOAD_PATH_PREFIX) || path === COMMON_UPLOAD_PATH;

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** RFC 6266 filename: an ASCII fallback plus the exact UTF-8 name. */
function disposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|[\\"%;]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Duck-typed: under jsdom (console tests through MSW) the global File is jsdom's, not the class of
 * the parts Request.formData() yields.
 */
const isFile = (part: unknown): part is File =>
  typeof part === "object" && part !== null && typeof (part as File).arrayBuffer === "function" && typeof (part as File).name === "string";

/**
 * The handler of one upload endpoint: the configured size limit (checked on the body before it
 * is read, then on the file), the multipart field `file`, then `extensions`.
 */
function uploadHandler(ctx: AppContext, extensions: readonly string[]) {
  const mb = Math.round((ctx.uploadMaxBytes / (1024 * 1024)) * 100) / 100;
  const limit = bodyLimit({
    maxSize: ctx.uploadMaxBytes + MULTIPART_OVERHEAD,
    onError: (c) => c.json(envelope(413, formatMessage("uploadSize", "zh", { n: mb }), null), 413),
  });
  return async (c: Context<AppEnv>) => {
    let response: Response | undefined;
    const refused = await limit(c, async () => {
      if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw badRequest("请使用multipart/form-data上传文件");
      const part = (await readMultipart(c)).file;
      if (!isFile(part)) throw badRequest("请选择要上传的文件");
      response = ok(c, await storeFile(ctx, c.var.scope, part, extensions));
    });
    return refused ?? response!;
  };
}

/** /blade-resource/common: the generic upload of §5 — its default extensions, the same limits and storage. */
export function commonUploadRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [{ method: "POST", path: "/upload", access: AUTHENTICATED, handler: uploadHandler(ctx, UPLOAD_EXTENSIONS_DEFAULT) }]);
}

/** /blade-resource/oss/endpoint: files kept in the database, served back to their tenant only. */
export function resourceRoutes(ctx: AppContext) {
  const upload = uploadHandler(ctx, UPLOAD_EXTENSIONS_EXTENDED);

  return defineRoutes(ctx, [
    { method: "POST", path: "/put-file", access: AUTHENTICATED, handler: upload },
    { method: "POST", path: "/put-file-attach", access: AUTHENTICATED, handler: upload },
    {
      method: "GET",
      path: "/file/:id",
      access: AUTHENTICATED,
      doc: { summary: "下载文件", errors: [404], raw: { type: "application/octet-stream", description: "文件本身（Content-Type 为上传时的类型）" } },
      handler: async (c) => {
        const row = await loadFile(c.var.scope, pathParam(c, "id"));
        const inline = isInlineImage(row.extension);
        return c.body(new Uint8Array(row.data), 200, {
          "Content-Type": row.contentType,
          "Content-Length": String(row.data.length),
          "Content-Disposition": disposition(inline ? "inline" : "attachment", row.originalName),
          "X-Content-Type-Options": "nosniff",
          // Even if a browser renders a download, it gets no scripts, no origin and no plugins.
          "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
          // Signed-in data: nothing keeps a copy (a shared machine's cache outlives the session).
          "Cache-Control": "no-store",
        });
      },
    },
  ]);
}
