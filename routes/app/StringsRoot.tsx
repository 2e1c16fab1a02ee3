import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { createStrings, locale } from '../../ui/strings';
import { type AppServices, ServicesProvider } from './services';

export type BaseServices = Omit<AppServices, 'strings'>;

/**
 * Applies the seller's portal strings (GET config, in the visitor's locale) over the catalogue as soon as they
 * arrive, and renders again when a flow's texts in the visitor's locale have joined it.
 */
export function StringsRoot({ services, children }: { services: BaseServices; children: ReactNode }) {
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  // A translation that joins later renders again, the catalogue kept: what is made of it (the payment form) stays.
  const [textsVersion, setTextsVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    locale.changed = () => setTextsVersion((version) => version + 1);
    services.api.config
      .portalStrings({ signal: controller.signal, ...services.locale })
      .then(setOverrides, () => {});
    return () => controller.abort();
  }, [services]);
  const strings = useMemo(() => createStrings(overrides), [overrides]);
  // A new value (the same catalogue) for each translation that joined: every screen renders again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: textsVersion is what makes the value new
  const value = useMemo(
    () => ({ ...services, strings, portalStrings: overrides }),
    [services, strings, overrides, textsVersion],
  );
  return <ServicesProvider value={value}>{children}</ServicesProvider>;
}
