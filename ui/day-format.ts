import dayjs from 'dayjs';

/** The spec's default day format. */
export const DATE_FORMAT = 'ddd, MMM D, YYYY';

/** A venue-zone calendar date (YYYY-MM-DD) in the long format. */
export const formatDay = (date: string) => dayjs(date, 'YYYY-MM-DD').format(DATE_FORMAT);

/** The texts of a calendar day button (weekday, day, month) and its long label. */
export const dayParts = (date: string) => {
  const d = dayjs(date, 'YYYY-MM-DD');
  return {
    weekday: d.format('ddd'),
    day: d.format('D'),
    month: d.format('MMM'),
    long: d.format('dddd, MMMM D, YYYY'),
  };
};
