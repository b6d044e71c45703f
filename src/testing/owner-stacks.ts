import * as React from "react";

/*
 * React 19's development build records an "owner stack" for each of the first 10,000 elements it
 * creates per second: an Error with a captured stack and a console.createTask() each. In jsdom,
 * where a test renders antd pages over and over, that bookkeeping was a large share of the console
 * tests' time. Tests read no owner stacks (they only enrich React's own dev warnings), so the
 * counter is pinned at its limit and React takes its cheap path for every element.
 */
const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && "recentlyCreatedOwnerStacks" in internals) {
  Object.defineProperty(internals, "recentlyCreatedOwnerStacks", { get: () => 1e4, set: () => {}, configurable: true });
}
