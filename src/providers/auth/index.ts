export { authProvider, getIdentity, loadMenusAndPermissions, type Identity, type LoginParams } from "./provider";
export { startTokenRefreshTimer } from "./refresh-timer";
export {
  SESSION_KEYS,
  clearLock,
  clearSession,
  getAccessToken,
  getRefreshToken,
  getTokenAgeSeconds,
  getUserInfo,
  isLocked,
  onLockChangedElsewhere,
  lockSession,
  saveTokens,
  unlockSession,
  type SessionUser,
} from "./session";
export { fetchButtons, fetchCaptcha, fetchMenuRoutes, fetchTopMenu, fetchUserInfo, hashPassword, loginByUsername, logoutRequest, type TopMenu, type UsernameLogin } from "./api";
export { getMenu, getPermissions, leafCodes, setMenu, setPermissionCodes, setPermissionTree, subscribe, useMenu, usePermissions } from "./menu-store";
