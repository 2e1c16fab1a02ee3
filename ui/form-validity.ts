/**
 * Native validity before a submit (spec 1 §5: the first invalid field is focused and scrolled into view and
 * the submit stops; text answers are trimmed). A required field of only spaces passes the browser's own
 * `required`, yet is empty once trimmed: it gets `emptyMessage` as its validity message here. A field given
 * that message must have it cleared when it changes (`clearFieldValidity` in its onChange), or the browser
 * would refuse every later submit.
 *
 * A field whose rule lives in a machine (the reserve forms' attendee fields) carries the rule's verdict in
 * `data-invalid` (the message, or no attribute): it becomes the field's validity message here, so the first
 * invalid field in the form's order gets focus whichever rule found it.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isTextField = (el: Element): el is Field =>
  (el instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(el.type)) ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/** True when the form may be submitted; else its first invalid field has focus and shows its message. */
export function validateBeforeSubmit(form: HTMLFormElement, emptyMessage: string): boolean {
  const fields = [...form.elements].filter(isTextField).filter((el) => !el.disabled);
  for (const el of fields) {
    const blank = el.required && el.value !== '' && el.value.trim() === '';
    el.setCustomValidity(blank ? emptyMessage : (el.dataset.invalid ?? ''));
  }
  const first = fields.find((el) => !el.validity.valid);
  if (!first) return true;
  first.focus();
  first.scrollIntoView?.({ block: 'center' });
  first.reportValidity();
  return false;
}

/** Clears the message `validateBeforeSubmit` gave a field (call it when the field changes). */
export const clearFieldValidity = (el: Field): void => el.setCustomValidity('');
