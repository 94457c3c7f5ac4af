import { createTheme, type Theme } from '@mui/material/styles';

/** The one Utsav theme: mobile-first, warm festive colours with accessible contrast. */
export function createUtsavTheme(): Theme {
  return createTheme({
    palette: {
      primary: { main: '#9c1f4f', contrastText: '#ffffff' },
      secondary: { main: '#b86e00', contrastText: '#ffffff' },
      background: { default: '#fbf7f4', paper: '#ffffff' },
      success: { main: '#2e7d32' },
      error: { main: '#c62828' },
      info: { main: '#1565c0' },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // MUI's keyboard focus is a faint ripple (no shadow with flat buttons): draw a ring that can be seen
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #b86e00', outlineOffset: 2 } } },
      },
    },
  });
}
