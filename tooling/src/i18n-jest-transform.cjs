/**
 * jest: a catalogue compiled as webpack's loader compiles it (i18n-catalogue.cjs). jest parses a .json
 * module's transformed text as JSON, so the compiled messages are written back as JSON.
 */
const { compileCatalogue } = require('./i18n-catalogue.cjs');

module.exports = {
  process(source, file) {
    return { code: JSON.stringify(compileCatalogue(source, file)) };
  },
};
