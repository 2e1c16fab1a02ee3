// @vitest-environment jsdom
/**
 * The catalogue the app's screens get (routes/app/StringsRoot.tsx, issue 26): the seller's portal strings in the
 * visitor's locale over it; a translation that joins later renders the screens again with the same catalogue, so
 * what is made of it (the checkout's payment form, its typed card number) is not made again.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaseServices } from '../../routes/app/StringsRoot';
import { StringsRoot } from '../../routes/app/StringsRoot';
import { useServices } from '../../routes/app/services';
import { locale, type Strings } from '../../ui/strings';

afterEach(cleanup);

describe('StringsRoot', () => {
  it('asks the portal strings in the visitor’s locale and keeps the catalogue when a translation joins', async () => {
    const portalStrings = vi.fn(async () => ({ skipToContent: 'Ir al contenido' }));
    const services = {
      api: { config: { portalStrings } },
      locale: { locale: 'es', defaultLocale: 'en', offered: ['en', 'es'] },
    } as unknown as BaseServices;
    const seen: Strings[] = [];
    function Probe() {
      const { strings } = useServices();
      seen.push(strings);
      return <p>{strings.skipToContent}</p>;
    }
    render(
      <StringsRoot services={services}>
        <Probe />
      </StringsRoot>,
    );
    expect(await screen.findByText('Ir al contenido')).toBeTruthy();
    expect(portalStrings).toHaveBeenCalledWith(
      expect.objectContaining({ locale: 'es', defaultLocale: 'en' }),
    );
    const renders = seen.length;
    const catalogue = seen[seen.length - 1];
    act(() => locale.changed?.());
    expect(seen.length).toBeGreaterThan(renders);
    expect(seen[seen.length - 1]).toBe(catalogue);
  });
});
