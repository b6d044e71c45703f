/** Buttons named with the console's shared action words (新增 is buttons.create), by alias. */
export const SHARED_BUTTONS: Record<string, string> = {
  add: "buttons.create",
  delete: "buttons.delete",
  view: "buttons.show",
  export: "buttons.export",
  import: "buttons.import",
};

export const SHARED_BUTTON_ALIASES = Object.keys(SHARED_BUTTONS);
