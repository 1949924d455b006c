import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

/** Every country's English name (about 250), in alphabetical order. */
export const countryNames: readonly string[] = Object.values(countries.getNames('en', { select: 'official' })).sort(
  (a, b) => a.localeCompare(b, 'en'),
);
