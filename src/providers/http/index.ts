export { http, type HttpClient } from "./client";
export { HttpError, isHttpError, type HttpConfig, type HttpMeta, type HttpMethod, type BlobResult, type HttpErrorKind } from "./types";
export { setNotifier, setUnauthorizedHandler, forceLogout, type Notifier } from "./handlers";
export { refreshAccessToken, isRefreshing, tokenFromResponse, type RefreshOptions } from "./refresh";
export { buildUrl, serializeParams, withApiBase, isTokenUrl, filenameFromDisposition, TOKEN_PATH } from "./transport";
