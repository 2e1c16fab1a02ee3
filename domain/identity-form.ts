/**
 * The identity form ("Your information") as the seller configures it (spec 2 §3 "Identity form fields"; spec 1 §3:
 * event template and ticket group meta `identity_form`, field options key, required, disabled, mustEqual,
 * mustEqualCaseInsensitive, options; spec 1 §5, spec 3 §5 validation). One rule for the checkout form and the
 * server's purchaser validation.
 *
 * The meta value is JSON: a list of field options, e.g. `[{"key":"phone"},{"key":"address","required":true}]`
 * (an object of options by key is read too). The form is always first_name, last_name, email and email_confirm
 * (spec 1 §5: "Identity form defaults to first_name, last_name and email"; email_confirm must equal email
 * case-insensitively, spec 2 §5); the configured fields add to them, in the order of FIELD_KEYS.
 */

import { type MustMatchError, mustMatch } from './must-match';

/** The meta key of an event template's or ticket group's identity form (spec 1 §3). */
export const IDENTITY_FORM_META = 'identity_form';

export const FIELD_KEYS = [
  'first_name',
  'last_name',
  'email',
  'email_confirm',
  'phone',
  'country',
  'address',
  'address_more',
  'city',
  'state',
  'zip_code',
] as const;
export type IdentityFieldKey = (typeof FIELD_KEYS)[number];

/** The fields every form has, always required (spec 2 §5). */
const CORE: readonly IdentityFieldKey[] = ['first_name', 'last_name', 'email', 'email_confirm'];

export interface IdentityFieldOption {
  key: IdentityFieldKey;
  required?: boolean;
  /** Shown, not editable, and not sent (spec 1 §5 "disabled fields ... are dropped"). */
  disabled?: boolean;
  /** Not shown, even when another event asks it (ours: the seller turns a field off). */
  hidden?: boolean;
  /** The key of a field this one must equal (it is then not sent, spec 1 §5). */
  mustEqual?: IdentityFieldKey;
  mustEqualCaseInsensitive?: boolean;
  /** The only values allowed (a radio group under 4 options, else a select; spec 1 §5). */
  options?: string[];
}

/** Resolved: what the form shows for one field. */
export interface IdentityFormField {
  key: IdentityFieldKey;
  required: boolean;
  disabled: boolean;
  mustEqual: IdentityFieldKey | null;
  mustEqualCaseInsensitive: boolean;
  options: string[] | null;
}

/** Spec 3 §9: names max 50, email max 254, phone max 50, custom fields max 1000, zip 4 to 10. */
export const FIELD_MAX: Record<IdentityFieldKey, number> = {
  first_name: 50,
  last_name: 50,
  email: 254,
  email_confirm: 254,
  phone: 50,
  country: 2,
  address: 1000,
  address_more: 1000,
  city: 1000,
  state: 1000,
  zip_code: 10,
};

/** Spec 3 §5: zip/post code letters or digits with an optional space or dash, 4 to 10 characters. */
export const ZIP_PATTERN = /^(?=.{4,10}$)[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;

const TRUE_WORDS = ['1', 'on', 'enabled', 'true', 't', 'yes', 'y'];
const flag = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && TRUE_WORDS.includes(value.trim().toLowerCase()));
const isKey = (value: unknown): value is IdentityFieldKey =>
  typeof value === 'string' && (FIELD_KEYS as readonly string[]).includes(value);

function optionOf(raw: unknown, keyHint?: string): IdentityFieldOption | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const key = r.key ?? keyHint;
  if (!isKey(key)) return null;
  const out: IdentityFieldOption = { key };
  if (flag(r.required)) out.required = true;
  if (flag(r.disabled)) out.disabled = true;
  if (flag(r.hidden)) out.hidden = true;
  if (isKey(r.mustEqual)) out.mustEqual = r.mustEqual;
  if (flag(r.mustEqualCaseInsensitive)) out.mustEqualCaseInsensitive = true;
  if (Array.isArray(r.options)) {
    const options = r.options.filter((o): o is string => typeof o === 'string' && o.trim() !== '');
    if (options.length > 0) out.options = options.slice(0, 300);
  }
  return out;
}

/** Reads a meta `identity_form` value (JSON text or parsed); unknown keys and unreadable values are dropped. */
export function parseIdentityForm(value: unknown): IdentityFieldOption[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (Array.isArray(parsed)) return parsed.map((o) => optionOf(o)).filter((o) => o !== null);
  if (typeof parsed === 'object' && parsed !== null)
    return Object.entries(parsed)
      .map(([key, o]) => optionOf(o, key))
      .filter((o) => o !== null);
  return [];
}

/**
 * The form of a cart: the core fields, and every field any of its events' or groups' `identity_form` asks (a
 * field is required when one of them requires it; a field one of them hides is left out).
 */
export function identityFormFields(
  configs: readonly (readonly IdentityFieldOption[])[],
): IdentityFormField[] {
  const asked = new Map<IdentityFieldKey, IdentityFormField>();
  const hidden = new Set<IdentityFieldKey>();
  for (const key of CORE)
    asked.set(key, {
      key,
      // The confirmation is checked by its match with the email (empty and not matching: 'must match').
      required: key !== 'email_confirm',
      disabled: false,
      mustEqual: key === 'email_confirm' ? 'email' : null,
      mustEqualCaseInsensitive: key === 'email_confirm',
      options: null,
    });
  for (const options of configs)
    for (const o of options) {
      if (o.hidden) {
        if (!CORE.includes(o.key)) hidden.add(o.key);
        continue;
      }
      const known = asked.get(o.key);
      const core = CORE.includes(o.key);
      asked.set(o.key, {
        key: o.key,
        required: core ? (known?.required ?? true) : o.required === true || known?.required === true,
        disabled: !core && (o.disabled === true || known?.disabled === true),
        mustEqual: core ? (known?.mustEqual ?? null) : (o.mustEqual ?? known?.mustEqual ?? null),
        mustEqualCaseInsensitive: core
          ? (known?.mustEqualCaseInsensitive ?? false)
          : o.mustEqualCaseInsensitive === true || known?.mustEqualCaseInsensitive === true,
        options: o.options ?? known?.options ?? null,
      });
    }
  for (const key of hidden) asked.delete(key);
  // A state asked without a country cannot know its subdivisions: the country comes with it.
  if (asked.has('state') && !asked.has('country'))
    asked.set('country', { ...blank('country'), required: asked.get('state')?.required === true });
  return FIELD_KEYS.flatMap((key) => {
    const field = asked.get(key);
    return field ? [field] : [];
  });
}

const blank = (key: IdentityFieldKey): IdentityFormField => ({
  key,
  required: false,
  disabled: false,
  mustEqual: null,
  mustEqualCaseInsensitive: false,
  options: null,
});

/* ------------------------------------------------------------ countries */

/** Spec 3 §3: the US answers to 'united states' and 'usa' too; a code in any case is that code. */
export function countryCode(value: string | null | undefined): string {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'united states' || v === 'usa' || v === 'united states of america') return 'US';
  if (v === 'canada' || v === 'can') return 'CA';
  const upper = v.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return upper;
  return ALPHA3[upper] ?? '';
}

/** Spec 3 §9: the address lookup's countries (alpha-3, as the lookup service names them) and their alpha-2 codes. */
export const ADDRESS_LOOKUP_COUNTRIES = ['USA', 'GBR', 'CAN', 'AUS', 'NZL'] as const;
export type LookupCountry = (typeof ADDRESS_LOOKUP_COUNTRIES)[number];
const ALPHA3: Record<string, string> = { USA: 'US', GBR: 'GB', CAN: 'CA', AUS: 'AU', NZL: 'NZ' };
/** The lookup country of an alpha-2 code, or null when the lookup does not cover it. */
export const lookupCountryOf = (code: string): LookupCountry | null =>
  ADDRESS_LOOKUP_COUNTRIES.find((c) => ALPHA3[c] === code) ?? null;

/** The countries with states (their subdivisions are in ./places): the US and Canada (spec 3 §3). */
const STATE_COUNTRIES: readonly string[] = ['US', 'CA'];

/** Spec 3 §5: "state required only if the country has states" (the US and Canada). */
export const countryHasStates = (country: string): boolean => STATE_COUNTRIES.includes(countryCode(country));
/** Spec 3 §3: Canada's subdivision is labelled province. */
export const subdivisionLabel = (country: string): 'state' | 'province' =>
  countryCode(country) === 'CA' ? 'province' : 'state';

/* ------------------------------------------------------------ validation */

/** The country and subdivision lists (./places), loaded where they are needed. */
export interface Places {
  COUNTRY_CODES: readonly string[];
  SUBDIVISIONS: Readonly<Record<string, readonly (readonly [code: string, name: string])[]>>;
}

export type IdentityFieldError =
  | { key: 'required' }
  | { key: 'tooLong'; max: number }
  | { key: 'emailInvalid' }
  | { key: 'zipInvalid' }
  | { key: 'notAnOption' }
  /** The confirm-field rule's error (./must-match.ts): the field must match the named input. */
  | MustMatchError<IdentityFieldKey>;

export type IdentityFormValues = Partial<Record<IdentityFieldKey, string>>;

/**
 * The form's errors by field (values trimmed; empty when valid). `isEmail` is the one email rule
 * (domain/email.ts), given so this module stays a leaf; `places` (./places: the country codes and the US and
 * Canadian subdivisions) checks a country and a state against them, where it is at hand (the server; the
 * storefront loads it with the selects, which offer nothing else).
 */
export function identityFormErrors(
  fields: readonly IdentityFormField[],
  raw: IdentityFormValues,
  isEmail: (value: string) => boolean,
  places?: Places,
): Partial<Record<IdentityFieldKey, IdentityFieldError>> {
  const value = (key: IdentityFieldKey) => (raw[key] ?? '').trim();
  const errors: Partial<Record<IdentityFieldKey, IdentityFieldError>> = {};
  const country = value('country');
  for (const f of fields) {
    if (f.disabled) continue;
    const v = value(f.key);
    const required = f.key === 'state' ? f.required && countryHasStates(country) : f.required;
    if (v === '') {
      if (required) errors[f.key] = { key: 'required' };
    } else if (v.length > FIELD_MAX[f.key]) {
      errors[f.key] =
        f.key === 'zip_code' ? { key: 'zipInvalid' } : { key: 'tooLong', max: FIELD_MAX[f.key] };
    } else if (f.key === 'email' && !isEmail(v)) errors[f.key] = { key: 'emailInvalid' };
    else if (f.key === 'zip_code' && !ZIP_PATTERN.test(v)) errors[f.key] = { key: 'zipInvalid' };
    else if (f.key === 'country' && places && !places.COUNTRY_CODES.includes(v))
      errors[f.key] = { key: 'notAnOption' };
    else if (
      f.key === 'state' &&
      places &&
      countryHasStates(country) &&
      !places.SUBDIVISIONS[countryCode(country)]?.some(([c]) => c === v)
    )
      errors[f.key] = { key: 'notAnOption' };
    else if (f.options && !f.options.includes(v)) errors[f.key] = { key: 'notAnOption' };
    if (errors[f.key] === undefined && f.mustEqual) {
      const refused = mustMatch(v, value(f.mustEqual), {
        name: f.mustEqual,
        caseInsensitive: f.mustEqualCaseInsensitive,
      });
      if (refused) errors[f.key] = refused;
    }
  }
  return errors;
}

/**
 * What is sent of the form (spec 1 §5): trimmed values of the fields shown, without disabled fields, fields that
 * must equal another, and empty ones (the names and email always).
 */
export function identityFormPayload(
  fields: readonly IdentityFormField[],
  raw: IdentityFormValues,
): IdentityFormValues {
  const out: IdentityFormValues = {};
  for (const f of fields) {
    if (f.disabled || f.mustEqual) continue;
    const v = (raw[f.key] ?? '').trim();
    if (v !== '' || CORE.includes(f.key)) out[f.key] = v;
  }
  return out;
}
