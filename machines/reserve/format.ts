import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The venue-local calendar day (YYYY-MM-DD) of an epoch-ms instant. */
export function venueDay(epochMs: number, timeZone: string): string {
  return dayjs.utc(epochMs).tz(timeZone).format('YYYY-MM-DD');
}

/** The venue-local calendar day (YYYY-MM-DD) of an ISO UTC instant. */
export function venueDayOfIso(isoUtc: string, timeZone: string): string {
  return dayjs.utc(isoUtc).tz(timeZone).format('YYYY-MM-DD');
}

/** True for a real calendar date written exactly as YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}
