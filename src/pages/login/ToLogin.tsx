import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { rememberIntendedPath } from "./sign-in";

/** The signed-out fallback of the console: remember the page asked for (a reload, a deep link), then sign in. */
export function ToLogin() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberIntendedPath(`${pathname}${search}${hash}`);
    navigate("/login", { replace: true });
  }, [pathname, search, hash, navigate]);
  return null;
}
