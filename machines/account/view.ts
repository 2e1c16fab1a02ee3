/** The register and profile view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import { EMAIL_MAX } from '../../domain/email';
import { countryCode, type LookupCountry, lookupCountryOf, type Places } from '../../domain/identity-form';
import type { IdentityValues } from '../checkout/types';
import { type IdentityFieldView, identityFieldViews } from '../checkout/view';
import type { Message } from '../shared/messages';
import type { accountMachine } from './account.machine';
import { PASSWORD_MAX } from './rules';
import type { AccountEvent, AccountField, AccountMode, AccountValues } from './types';

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

export interface AccountView {
  mode: AccountMode;
  stage: 'loading' | 'loadFailed' | 'form' | 'created';
  /** The identity form's fields as drawn (the seller's custom fields with them; the state follows the country). */
  fields: IdentityFieldView[];
  values: AccountValues;
  /** Register: the password fields' limit. */
  passwordMaxLength: number;
  emailMaxLength: number;
  /** Profile: the account's email (shown, changed on its own page). */
  email: string | null;
  fieldErrors: Partial<Record<AccountField, Message>>;
  formError: Message | null;
  notice: Message | null;
  errorVersion: number;
  submitting: boolean;
  /** The address typed on register (the created page names it). */
  createdEmail: string | null;
  /** Where the address field can be looked up: its lookup country, or null (as at checkout). */
  addressLookupCountry: LookupCountry | null;
}

export function selectAccountView(snapshot: AccountSnapshot, places: Places | null = null): AccountView {
  const { context } = snapshot;
  const values = context.values;
  const identity = {
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    email: values.email ?? '',
    emailConfirm: values.emailConfirm ?? '',
    ...values,
  } as IdentityValues;
  const fields =
    context.mode === 'register'
      ? identityFieldViews({ identityForm: context.form }, identity, places)
      : identityFieldViews({ identityForm: context.form }, identity, places).filter(
          (f) => f.name !== 'email' && f.name !== 'emailConfirm',
        );
  return {
    mode: context.mode,
    stage: snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.matches('loadFailed')
        ? 'loadFailed'
        : snapshot.matches('created')
          ? 'created'
          : 'form',
    fields,
    values,
    passwordMaxLength: PASSWORD_MAX,
    emailMaxLength: EMAIL_MAX,
    email: context.email,
    fieldErrors: context.fieldErrors,
    formError: context.formError,
    notice: context.notice,
    errorVersion: context.refusals,
    submitting: snapshot.hasTag('submitting'),
    createdEmail: snapshot.matches('created') ? (values.email ?? '').trim() : null,
    addressLookupCountry: fields.some((f) => f.name === 'address' && !f.disabled)
      ? lookupCountryOf(countryCode(values.country))
      : null,
  };
}

/** The page's callbacks, built from the flow's `send`: what the screen and the story viewer offer. */
export function accountCallbacks(send: (event: AccountEvent) => void) {
  return {
    onFieldChange: (name: AccountField, value: string) => send({ type: 'field.change', name, value }),
    onSubmit: () => send({ type: 'submit' }),
    onRetry: () => send({ type: 'retry' }),
  };
}

/** The callbacks of the flow's view: `ui/` takes their types from here (import type). */
export type AccountCallbacks = ReturnType<typeof accountCallbacks>;
