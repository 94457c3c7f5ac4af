import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/** The shell's own strings (the top bar, the tabs, the bell, the error and loading states); each remote registers its own. */
registerMessages('shell', { en, hi: () => import(/* webpackChunkName: "shell-hi-IN" */ './locales/hi-IN.json') });

export type ShellMessage = keyof typeof en;
export const useShellT = () => useT<ShellMessage>('shell');
