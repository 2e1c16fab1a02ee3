/**
 * The seller's account form (issue 26): the identity form of registration and profile edit, its custom identity
 * fields from the seller's config row `identity_form` (the JSON of the events' meta of the same name, spec 1 §3:
 * key, required, disabled, mustEqual, mustEqualCaseInsensitive, options). POST user and PUT my/user check their
 * body against it with the storefront's own rule (domain/identity-form.ts) and keep the fields it asks, and only
 * those, as the identity's meta.
 */
import { isEmail } from '../../domain/email';
import {
  IDENTITY_FORM_META,
  type IdentityFormField,
  type IdentityFormValues,
  identityFormErrors,
  identityFormFields,
  parseIdentityForm,
} from '../../domain/identity-form';
import * as places from '../../domain/places';
import { type IdentityDetailKey, PURCHASER_DETAILS } from '../cart/purchaser';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';
import { invalid } from '../http/errors';

/** The seller's config row key of the account form (the same name as the events' meta). */
export const ACCOUNT_FORM_KEY = IDENTITY_FORM_META;

/** The account form's fields: the names and email, and the seller's custom identity fields. */
export async function accountFormOf(q: Q, sellerId: string): Promise<IdentityFormField[]> {
  return identityFormFields([parseIdentityForm(await sellerConfigValue(q, sellerId, ACCOUNT_FORM_KEY))]);
}

/** The detail fields the form asks and the member may edit (disabled ones are shown, never sent or kept). */
export const detailKeysOf = (fields: readonly IdentityFormField[]): IdentityDetailKey[] =>
  PURCHASER_DETAILS.filter((key) => fields.some((f) => f.key === key && !f.disabled));

/**
 * Refuses (400 invalid, naming the field; never its value) a body the form does not accept: a required field
 * missing, a country or state not on the lists, a value not among a field's options. The email confirmation is
 * the storefront's to ask; the body carries the email once.
 */
export function checkAccountForm(fields: readonly IdentityFormField[], body: IdentityFormValues): void {
  const values: IdentityFormValues = { ...body, email_confirm: body.email };
  const errors = identityFormErrors(fields, values, isEmail, places);
  const [key, error] = Object.entries(errors)[0] ?? [];
  if (key && error) throw invalid(key, `The field ${key} is not accepted (${error.key}).`);
}
