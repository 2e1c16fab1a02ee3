/**
 * Register and edit profile (issue 26): gets the account flow's actor (machines/account), selects its view and
 * renders the form; the country and subdivision lists load with the selects, the address lookup (as at checkout)
 * in its own chunk where the seller's form asks an address and has a lookup.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import type { AccountMode } from '../../machines/account/types';
import { type AccountView, accountCallbacks, selectAccountView } from '../../machines/account/view';
import { AccountFormView } from '../../ui/account/AccountFormView';
import { sessionOf } from '../app/root';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { usePlaces } from '../usePlaces';
import { provideAccount } from './account-wiring';
import { reloadMember } from './member';

const AddressLookupFlow = lazy(() => import('../checkout/AddressLookupFlow'));

/** Where a new member goes once logged in: their account (the profile they just filled). */
export const REGISTERED_PATH = '/my-account/profile';

const asksPlaces = (view: AccountView) => view.fields.some((f) => f.name === 'country' || f.name === 'state');

export default function AccountFlow({ mode }: { mode: AccountMode }) {
  const { api, app, strings, inspect, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const login = useModal('login');
  const machine = useMemo(
    () =>
      provideAccount({
        api,
        memberLoggedIn: (session) => sessionOf(app).send({ type: 'session.loggedIn', session }),
        reload: () => reloadMember(app),
        next: () => navigate(REGISTERED_PATH),
      }),
    [api, app, navigate],
  );
  const actor = useActorRef(machine, { input: { mode }, inspect });
  const places = usePlaces(useSelector(actor, (s) => asksPlaces(selectAccountView(s))));
  const view = useSelector(actor, (s) => selectAccountView(s, places));
  const callbacks = accountCallbacks(actor.send);
  return (
    <AccountFormView
      strings={strings}
      mode={view.mode}
      stage={view.stage}
      fields={view.fields}
      values={view.values}
      passwordMaxLength={view.passwordMaxLength}
      email={view.email}
      fieldErrors={view.fieldErrors}
      formError={view.formError}
      notice={view.notice}
      errorVersion={view.errorVersion}
      submitting={view.submitting}
      createdEmail={view.createdEmail}
      headingLevel={mode === 'register' ? 1 : 2}
      onLogin={() => login.open()}
      setEmailHref={href('/user/set-email-address')}
      onNavigate={navigate}
      addressInput={
        config.addressLookup && view.addressLookupCountry
          ? (field) => (
              <Suspense
                fallback={
                  <input
                    id={field.id}
                    name="address"
                    type="text"
                    autoComplete="address-line1"
                    value={view.values.address ?? ''}
                    onChange={(e) => callbacks.onFieldChange('address', e.target.value)}
                  />
                }
              >
                <AddressLookupFlow
                  key={view.addressLookupCountry}
                  field={field}
                  country={view.addressLookupCountry as NonNullable<AccountView['addressLookupCountry']>}
                  value={view.values.address ?? ''}
                  onFieldChange={callbacks.onFieldChange}
                  onFocus={() => {}}
                />
              </Suspense>
            )
          : undefined
      }
      {...callbacks}
    />
  );
}
