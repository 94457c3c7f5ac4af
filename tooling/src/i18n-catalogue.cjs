/**
 * Message catalogues (each app's src/locales/<locale>.json: id -> ICU message) compiled at build time
 * for Lingui's runtime (@lingui/core, shared-contracts/src/i18n/i18n.ts), so no ICU parser ships to the
 * browser: the page gets each message already split into text and placeholders. One compiler for the
 * webpack loader (i18n-loader.cjs) and the jest transform (i18n-jest-transform.cjs). A message that is not
 * valid ICU fails the build, naming its id.
 */
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

/** Which files are catalogues: a locale's JSON in a locales/ folder. */
const CATALOGUE = /[\\/]locales[\\/][a-z]{2}-[A-Z]{2}\.json$/;

/** @param {string} source the catalogue's JSON @param {string} file its path, for errors */
function compileCatalogue(source, file) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${id}" is not a string`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: "${id}" is not a valid ICU message: ${error.message}`, { cause: error });
    }
  }
  return compiled;
}

module.exports = { CATALOGUE, compileCatalogue };
