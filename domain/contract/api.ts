// Types only: the table itself stays out of the console's bundle.
import type { API_ROUTES } from "./api-paths";

/**
 * The console's only way to name a path of the Blade API: `API.get("/blade-user/info")` is that
 * very string at run time, and a type error when the reference server has no GET route of that
 * path (the table is generated from its route table, api-paths.ts). The paths stay the Blade
 * API's own, so the console works unchanged against a BladeX gateway.
 */

export type ApiMethod = keyof typeof API_ROUTES;
/** A routed path (under the API base, no `/api`), of one method or of any. */
export type ApiPath<M extends ApiMethod = ApiMethod> = (typeof API_ROUTES)[M][number];

/** The `{name}` parameters of a path. */
type ParamsOf<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamsOf<Rest> : never;
type Filled<P extends string> = [ParamsOf<P>] extends [never] ? P : string;
/** A path with parameters takes their values; one without takes nothing more. */
type ArgsOf<P extends string> = [ParamsOf<P>] extends [never] ? [] : [params: Record<ParamsOf<P>, string | number>];

/** Every `/segment…` prefix of a path that a further segment follows: what a module or resource base may be. */
type Prefixes<P extends string, Acc extends string = ""> = P extends `/${infer Seg}/${infer Rest}`
  ? `${Acc}/${Seg}` | Prefixes<`/${Rest}`, `${Acc}/${Seg}`>
  : never;
export type ApiBase = Prefixes<ApiPath>;
/** What follows `${Base}/` in the paths of a method: an action named relative to its base (`/blade-user` → `unlock`). */
export type ApiTail<M extends ApiMethod, Base extends string> = ApiPath<M> extends infer P ? (P extends `${Base}/${infer T}` ? T : never) : never;

/** `{name}` replaced by its value, encoded as one path segment. */
function fill(path: string, params?: Record<string, string | number>): string {
  return params ? path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name]))) : path;
}

const of =
  <M extends ApiMethod>() =>
  <P extends ApiPath<M>>(path: P, ...args: ArgsOf<P>): Filled<P> =>
    fill(path, args[0]) as Filled<P>;

export const API = {
  get: of<"GET">(),
  post: of<"POST">(),
  delete: of<"DELETE">(),
  /** A base the console adds an action to (a resource's `meta.api`, simple-rest's resource root). */
  base: <B extends ApiBase>(base: B): B => base,
};
