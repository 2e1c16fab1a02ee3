/**
 * The one form layer of the storefront's forms (spec 1 §5, spec 3 §5: the first invalid field is focused and
 * scrolled into view and the submit stops; text answers are trimmed). Every form shows a field's error the same
 * way (`fieldAria` on the input, `FieldError` under it: `aria-invalid`, and `aria-describedby` naming the error)
 * and moves focus the same way after a refused submit (`focusFirstInvalid`), whoever found the error:
 *
 * - Native validity (`validateBeforeSubmit`: the login and reserve forms): the browser's constraints, plus a
 *   required field of only spaces, which passes the browser's own `required` yet is empty once trimmed: it gets
 *   `emptyMessage` as its validity message here. A field given that message must have it cleared when it changes
 *   (`clearFieldValidity` in its onChange), or the browser would refuse every later submit. A field whose rule
 *   lives in a machine (the reserve forms' attendee fields) carries the rule's verdict in `data-invalid` (the
 *   message, or no attribute): it becomes the field's validity message here, so the first invalid field in the
 *   form's order gets focus whichever rule found it.
 * - A machine's verdict after the submit (zod rules in the flow: the checkout identity form, the account forms,
 *   the membership form): the refused submit counts up a version; `useRefusalFocus(version)` then focuses the
 *   first field marked invalid, else the form's message. What was typed stays: values live in the machine.
 */
import { createElement, type ReactNode, type RefObject, useEffect, useRef } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isTextField = (el: Element): el is Field =>
  (el instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(el.type)) ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/** The id of a field's error text (what `aria-describedby` names while the error shows). */
export const errorIdOf = (fieldId: string): string => `${fieldId}-error`;

/**
 * A field's `aria-invalid` and `aria-describedby`: invalid while it has an error, described by the error (first)
 * and by any hints (ids of further descriptions, e.g. the password requirements).
 */
export function fieldAria(
  fieldId: string,
  invalid: boolean,
  ...hints: Array<string | null | undefined>
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const described = [invalid ? errorIdOf(fieldId) : null, ...hints].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': described || undefined };
}

/** A field's error text under it, with the id `fieldAria` names; nothing without an error. */
export function FieldError(props: { fieldId: string; children: ReactNode }) {
  if (props.children === null || props.children === undefined || props.children === '') return null;
  return createElement('p', { className: 'field__error', id: errorIdOf(props.fieldId) }, props.children);
}

/** Focus and scroll into view: the one way a form shows where to look. */
function bringToView(el: HTMLElement): void {
  el.scrollIntoView?.({ block: 'center' });
  el.focus();
}

/**
 * After a refused submit: focuses the form's first field marked invalid (`aria-invalid="true"`, in the form's
 * order) and scrolls it into view; else `fallback` (the form's message, or where the visitor acts next). Returns
 * what got focus, or null.
 */
export function focusFirstInvalid(
  form: HTMLElement | null,
  fallback: HTMLElement | null = null,
): HTMLElement | null {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback;
  if (target) bringToView(target);
  return target;
}

/**
 * After each refused submit (`version` changes, never on a re-render of the same refusal), focus the form's first
 * invalid field, else what `fallback` gives, else the form's message (`messageRef`, which should have
 * tabIndex -1): `focusFirstInvalid`.
 */
export function useRefusalFocus(
  version: number,
  fallback?: (form: HTMLFormElement | null) => HTMLElement | null,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => {
    if (version === 0) return;
    const form = formRef.current;
    focusFirstInvalid(form, fallbackRef.current?.(form) ?? messageRef.current);
  }, [version]);
  return { formRef, messageRef } as {
    formRef: RefObject<HTMLFormElement>;
    messageRef: RefObject<HTMLParagraphElement>;
  };
}

/** True when the form may be submitted; else its first invalid field has focus and shows its message. */
export function validateBeforeSubmit(form: HTMLFormElement, emptyMessage: string): boolean {
  const fields = [...form.elements].filter(isTextField).filter((el) => !el.disabled);
  for (const el of fields) {
    const blank = el.required && el.value !== '' && el.value.trim() === '';
    el.setCustomValidity(blank ? emptyMessage : (el.dataset.invalid ?? ''));
  }
  const first = fields.find((el) => !el.validity.valid);
  if (!first) return true;
  bringToView(first);
  first.reportValidity();
  return false;
}

/** Clears the message `validateBeforeSubmit` gave a field (call it when the field changes). */
export const clearFieldValidity = (el: Field): void => el.setCustomValidity('');
