import { isId } from "../db/ids";

/** The route that serves a stored file back (signed-in callers of its tenant only). */
export const FILE_LINK_PREFIX = "/api/blade-resource/oss/endpoint/file/";

/** A link to one of our stored files, as an upload answers it. */
export const isOwnFileLink = (value: string): boolean =>
  value.startsWith(FILE_LINK_PREFIX) && isId(value.slice(FILE_LINK_PREFIX.length));
