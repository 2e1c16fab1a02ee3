/**
 * The `locale` field of a request body that mails (issue 26): the visitor's negotiated locale when the storefront
 * has one (a seller naming locales), read at each call; nothing otherwise. The payments and every call that
 * mails (the members client, the manage page's email) add it the same way.
 */
export const localeOf = (locale: () => string | null): { locale?: string } => {
  const tag = locale();
  return tag ? { locale: tag } : {};
};
