/**
 * The seller's captcha at checkout (issue 23; spec 2 §2 "Captcha if a public key is configured"), loaded with
 * this chunk only when the seller has one (./seller-captcha.ts): the port the checkout machine's `solveCaptcha`
 * calls, and what the page renders for it: hCaptcha's invisible widget (its own chunk, with hCaptcha's script),
 * or the sandbox's challenge dialog while it is open (its chunk loads when it first opens).
 */
import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
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

export interface CaptchaHostProps {
  strings: Strings;
  /** hCaptcha's token expired before it was sent. */
  onExpire: () => void;
}

export interface LoadedCaptcha {
  port: CaptchaPort;
  Host: ComponentType<CaptchaHostProps>;
}

export function createSellerCaptcha(
  config: NonNullable<RuntimeConfig['captcha']>,
  api: Pick<Api, 'request'>,
): LoadedCaptcha {
  if (config.provider === 'sandbox') {
    const sandbox = createSandboxCaptcha(api);
    return { port: sandbox, Host: ({ strings }) => <SandboxHost sandbox={sandbox} strings={strings} /> };
  }
  let solve: Solve | null = null;
  const register = (next: Solve | null) => {
    solve = next;
  };
  return {
    port: {
      provider: 'hcaptcha',
      solve: (signal) => solve?.(signal) ?? Promise.reject(captchaFailure(ErrorCode.captcha_unavailable)),
    },
    Host: ({ onExpire }) => (
      <Suspense fallback={null}>
        <HcaptchaWidget siteKey={config.siteKey} register={register} onExpire={onExpire} />
      </Suspense>
    ),
  };
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
