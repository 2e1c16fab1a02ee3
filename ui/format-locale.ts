/**
 * Zoned date and time texts in a locale other than English (issue 26): Intl's own words and order for that
 * locale, in the venue's zone. Loaded with the locale module (routes/app/locale.ts), which hands it to
 * `formats.zoned` (ui/format.ts): an English storefront's first load carries none of it.
 */
export function zonedTexts(locale: string) {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (iso: string, tz: string, withDate: boolean, withTime: boolean): string => {
    const key = `${withDate}|${withTime}|${tz}`;
    let f = formatters.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, {
        timeZone: tz,
        ...(withDate ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' } : {}),
        ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
      });
      formatters.set(key, f);
    }
    return f.format(new Date(iso));
  };
}
