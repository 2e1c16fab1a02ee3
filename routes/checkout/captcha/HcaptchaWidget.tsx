/**
 * The hCaptcha adapter of the captcha port (issue 23): hCaptcha's own React component (`@hcaptcha/react-hcaptcha`),
 * invisible, in a chunk of its own that loads only when the seller configures a site key; it loads hCaptcha's
 * script itself. `solve` runs `execute({ async: true })`; its rejections become the port's (./port.ts); the
 * token's expiry before it was sent tells the checkout (step 4 asks again).
 */
import HCaptcha from '@hcaptcha/react-hcaptcha';
import { useEffect, useRef } from 'react';
import { hcaptchaFailure } from './port';

export default function HcaptchaWidget({
  siteKey,
  register,
  onExpire,
}: {
  siteKey: string;
  /** Hands the widget's solve to the port (null when it goes). */
  register: (solve: ((signal: AbortSignal) => Promise<string>) | null) => void;
  onExpire: () => void;
}) {
  const ref = useRef<HCaptcha>(null);
  useEffect(() => {
    register(async (signal) => {
      const widget = ref.current;
      if (!widget) throw hcaptchaFailure('not-loaded');
      signal.addEventListener('abort', () => widget.resetCaptcha());
      try {
        const { response } = await widget.execute({ async: true });
        return response;
      } catch (error) {
        throw hcaptchaFailure(error);
      }
    });
    return () => register(null);
  }, [register]);
  return <HCaptcha ref={ref} sitekey={siteKey} size="invisible" onExpire={onExpire} />;
}
