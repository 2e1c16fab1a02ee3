/**
 * The storefront's one email rule, for every form and for the server's validation alike: what a browser's
 * `type="email"` input accepts (the HTML standard's valid e-mail address: a local part, '@', dot-separated
 * domain labels), with at least one dot in the domain, so that an order or an account never holds an address
 * mail cannot reach ('ada@localhost'). At most 254 characters (spec 2 §5, spec 3 §9).
 */
export const EMAIL_MAX = 254;

const LOCAL = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';

/** The rule as one pattern (the server gives it to zod's `z.email({ pattern })`). */
export const EMAIL_PATTERN = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`);

/** Whether a (trimmed) value is an email address by the one rule. */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
