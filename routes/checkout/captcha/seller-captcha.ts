/**
 * The seller's captcha as the checkout sees it (issue 23): the port, and the component that renders it, both
 * loading ./CaptchaHost.tsx on first use, so a checkout without a captcha carries none of its code.
 */
import { lazy, useMemo } from 'react';
import type { Api } from '../../../api';
import type { RuntimeConfig } from '../../../api/schemas';
import type { CaptchaHostProps, LoadedCaptcha } from './CaptchaHost';
import type { CaptchaPort } from './port';

export interface SellerCaptcha {
  port: CaptchaPort;
  Host: React.LazyExoticComponent<React.ComponentType<CaptchaHostProps>>;
}

/** The seller's captcha (runtime config `captcha`), or null: none. */
export function useSellerCaptcha(
  config: RuntimeConfig['captcha'],
  api: Pick<Api, 'request'>,
): SellerCaptcha | null {
  return useMemo(() => {
    if (!config) return null;
    let loading: Promise<LoadedCaptcha> | null = null;
    const load = () => {
      loading ??= import('./CaptchaHost').then((m) => m.createSellerCaptcha(config, api));
      return loading;
    };
    return {
      port: {
        provider: config.provider,
        solve: async (signal) => (await load()).port.solve(signal),
      },
      Host: lazy(() => load().then((c) => ({ default: c.Host }))),
    };
  }, [config, api]);
}
