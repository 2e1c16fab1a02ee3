// Loads the browser's internationalisation data (ICU) while the page still waits for the application script.
// A page's first Intl formatter costs tens of milliseconds (more on slow phones); without this it lands in the
// first render that shows a price or a time, as one long task. Nothing depends on this file.
try {
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(0);
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric' }).format(0);
} catch {
  // An old browser without these options: the storefront's own calls report the problem if there is one.
}
