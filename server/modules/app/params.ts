/** The BladeX call arguments and §7 names live in the kit, shared with the directories module. */
export { bladeNames, idsOf, readArgs } from "../../kit/blade-args";
