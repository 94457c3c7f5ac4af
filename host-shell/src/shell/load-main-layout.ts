/** The signed-in layout's chunk; the guard starts fetching it while the session is still resolving. */
export const loadMainLayout = () => import('./MainLayout');
