/**
 * jsdom plus the web platform globals jsdom lacks but react-router 7 and firebase/auth use
 * (jest resolves @firebase/auth's node build, which expects fetch).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['TextEncoder', 'TextDecoder', 'fetch', 'Request', 'Response', 'Headers', 'ReadableStream', 'structuredClone'];

class UtsavJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = UtsavJsdomEnvironment;
