import { type RefObject, useEffect, useRef } from 'react';

/**
 * After each refused submit (`version` changes), focus the first invalid field, else the form's message, and
 * scroll it into view (spec 3 §5: the first invalid field is focused and scrolled into view).
 */
export function useRefusalFocus(version: number) {
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (version === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? messageRef.current;
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  }, [version]);
  return { formRef, messageRef } as {
    formRef: RefObject<HTMLFormElement>;
    messageRef: RefObject<HTMLParagraphElement>;
  };
}
