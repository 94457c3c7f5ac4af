/**
 * @utsav/contracts is published inside the workspace as TypeScript source (its exports point at
 * src/*.ts), and Node 20 cannot load .ts files. Registering tsx's CommonJS hook lets dist/server.js
 * require it. Must be imported before anything that imports @utsav/contracts.
 * Not needed under tsx or jest, which already compile TypeScript.
 */
import { register } from 'tsx/cjs/api';

if (!require.extensions['.ts']) register();
