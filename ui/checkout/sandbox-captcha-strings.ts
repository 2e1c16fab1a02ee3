/**
 * The sandbox captcha's challenge (issue 23; ours: the reference server's stand-in for hCaptcha). They join the
 * catalogue when the dialog loads (see `ui/strings.ts`).
 */
import { defineStrings } from '../strings';

export const sandboxCaptchaStrings = defineStrings({
  sandboxCaptchaTitle: 'Sandbox captcha',
  sandboxCaptchaText:
    'Sandbox captcha: no real challenge. Answer it to pay; closing it is a captcha error; Escape dismisses it.',
  sandboxCaptchaAnswer: 'I am human',
  sandboxCaptchaClose: 'Close the challenge',
});
