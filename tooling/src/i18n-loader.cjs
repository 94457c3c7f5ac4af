/** webpack: a catalogue (src/locales/<locale>.json) as a module whose default export is its compiled messages (i18n-catalogue.cjs). */
const { compileCatalogue } = require('./i18n-catalogue.cjs');

module.exports = function i18nLoader(source) {
  return `export default ${JSON.stringify(compileCatalogue(source, this.resourcePath))};`;
};
