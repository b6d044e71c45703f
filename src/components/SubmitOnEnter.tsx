/**
 * Put inside a dialog's `<Form>` whose save button is the dialog's OK (outside the form): Enter in
 * any field then saves, as the OK button does. A form without a submit button ignores Enter.
 */
export function SubmitOnEnter() {
  return <button type="submit" hidden aria-hidden tabIndex={-1} />;
}
