/** The listing's filters and cards in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { listingStrings } from './listing-strings';

export default {
  eventsEmpty: 'No hemos encontrado eventos que coincidan con tus filtros.',
  clearFilters: 'Quitar filtros',
  filterCategory: 'Categoría',
  allCategories: 'Todas',
  filterDate: 'Fecha',
  visitBetween: 'Quiero visitar entre {start} y {end}',
  arrival: 'Llegada',
  departure: 'Salida',
  anyTime: 'Cualquier hora',
  upsellStep: 'Añade a tu visita ({current} de {total})',
  skipAddOn: 'Omitir complemento',
  buyTickets: 'Comprar entradas',
} satisfies Record<keyof typeof listingStrings, string>;
