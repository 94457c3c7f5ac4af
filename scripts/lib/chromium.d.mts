// Types of chromium.mjs, for e2e/playwright.config.ts.
export declare const CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function ensureChromium(log?: (message: string) => void): void;
