/**
 * jsdom has no modal dialogs: `showModal()` opens the dialog (no top layer, no inertness) and `close()` closes
 * it and fires `close`, like a browser. Real inertness and focus trapping are checked in e2e/modal.spec.ts.
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
