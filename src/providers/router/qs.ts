/*
 * What `import qs from "qs"` gives refine's core and router (vite.config.ts aliases it here):
 * qs-esm, Payload's ESM fork of qs with the same parse and stringify, without the polyfill
 * packages qs needs for old engines (side-channel, get-intrinsic, object-inspect: 12 kB of every
 * page's first load, issue 24).
 */
import { parse, stringify } from "qs-esm";

export { parse, stringify };
export default { parse, stringify };
