import { Spin } from "antd";

/** Shown while a route's code is loading. */
export function PageLoading() {
  return (
    <div style={{ display: "flex", minHeight: "60vh", alignItems: "center", justifyContent: "center" }}>
      <Spin size="large" />
    </div>
  );
}
