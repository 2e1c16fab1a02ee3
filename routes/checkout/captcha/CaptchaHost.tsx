/**
 * The seller's captcha at checkout (issue 23; spec 2 §2 "Captcha if a public key is configured"): the port the
 * checkout machine's `solveCaptcha` calls, and what it renders: hCaptcha's invisible widget (its chunk loads only
 * with a site key), or the sandbox's challenge dialog while it is open (its chunk loads when it first opens).
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Api } from '../../../api';
import type { RuntimeConfig } from '../../../api/schemas';
import { ErrorCode } from '../../../domain/codes';
import type { Strings } from '../../../ui/strings';
import { type CaptchaPort, captchaFailure } from './port';
import { createSandboxCaptcha, type SandboxCaptcha } from './sandbox';

const HcaptchaWidget = lazy(() => import('./HcaptchaWidget'));
const SandboxCaptchaDialog = lazy(() =>
  import('../../../ui/checkout/SandboxCaptchaDialog').then((m) => ({ default: m.SandboxCaptchaDialog })),
);

type Solve = (signal: AbortSignal) => Promise<string>;

export interface SellerCaptcha {
  port: CaptchaPort;
  /** What the page renders for it. */
  render: (props: { strings: Strings; onExpire: () => void }) => React.ReactNode;
}

/** The port of the seller's captcha (runtime config `captcha`), or null: none. */
export function useSellerCaptcha(config: RuntimeConfig['captcha'], api: Pick<Api, 'request'>) {
  const solveRef = useRef<Solve | null>(null);
  const register = useCallback((solve: Solve | null) => {
    solveRef.current = solve;
  }, []);
  return useMemo<SellerCaptcha | null>(() => {
    if (!config) return null;
    if (config.provider === 'sandbox') {
      const sandbox = createSandboxCaptcha(api);
      return { port: sandbox, render: ({ strings }) => <SandboxHost sandbox={sandbox} strings={strings} /> };
    }
    const port: CaptchaPort = {
      provider: 'hcaptcha',
      solve: (signal) =>
        solveRef.current?.(signal) ?? Promise.reject(captchaFailure(ErrorCode.captcha_unavailable)),
    };
    return {
      port,
      render: ({ onExpire }) => (
        <Suspense fallback={null}>
          <HcaptchaWidget siteKey={config.siteKey} register={register} onExpire={onExpire} />
        </Suspense>
      ),
    };
  }, [config, api, register]);
}

function SandboxHost({ sandbox, strings }: { sandbox: SandboxCaptcha; strings: Strings }) {
  const open = useSyncExternalStore(sandbox.subscribe, sandbox.isOpen, sandbox.isOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SandboxCaptchaDialog
        strings={strings}
        onAnswer={sandbox.answer}
        onClose={() => sandbox.refuse(ErrorCode.captcha_closed)}
        onDismiss={() => sandbox.refuse(ErrorCode.captcha_dismissed)}
      />
    </Suspense>
  );
}
